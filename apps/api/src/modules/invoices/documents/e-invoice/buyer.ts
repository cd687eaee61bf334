import type { InvoiceDocument } from '@praxia/shared';

/** The buyer as the e-invoice names it, read from the frozen window address (free lines). */
export type EInvoiceBuyer = {
  name: string;
  /** The lines between the name and the postal code line (street, c/o), at most three (BT-50..BT-163). */
  addressLines: string[];
  postcode: string | null;
  city: string | null;
};

const SALUTATION = /^(?:Herrn?|Frau)\s+/;
/** A German postal code line ('10115 Berlin', 'D-10115 Berlin'). */
const POSTCODE_LINE = /^(?:D-)?(\d{5})\s+(.+)$/;

/**
 * The window address is free text (the patient's invoice address) or name, c/o, street and 'postcode city'. The
 * first line names the buyer; the last line that reads as a German postal code and city gives both; the lines
 * between are the street lines. A line after it (e.g. 'Deutschland') is left out.
 */
export function eInvoiceBuyer(doc: InvoiceDocument): EInvoiceBuyer {
  const [first = doc.patient.name, ...rest] = doc.recipient.lines;
  const postcodeIndex = rest.findLastIndex((line) => POSTCODE_LINE.test(line));
  const match = postcodeIndex >= 0 ? POSTCODE_LINE.exec(rest[postcodeIndex] ?? '') : null;
  return {
    name: first.replace(SALUTATION, '').trim() || doc.patient.name,
    addressLines: (postcodeIndex >= 0 ? rest.slice(0, postcodeIndex) : rest).slice(0, 3),
    postcode: match?.[1] ?? null,
    city: match?.[2]?.trim() ?? null,
  };
}

/**
 * German and common foreign legal forms. A company is written with its legal form (§ 19 HGB for merchants, § 4
 * GmbHG, § 4 AktG, § 5a GmbHG for the UG), so a window address whose first line carries one names a company.
 */
const LEGAL_FORM =
  /(?:^|[\s,(])(?:g?GmbH|mbH|AG|SE|KG|KGaA|OHG|oHG|GbR|UG|PartG(?:mbB)?|eG|e\.\s?K\.|e\.\s?Kfm\.|e\.\s?Kfr\.|e\.\s?V\.|Ltd\.?|Inc\.?|LLC|B\.V\.|S\.A\.)(?=$|[\s,)&.])/;

export const namesCompany = (line: string) => LEGAL_FORM.test(line);

/**
 * A business client: a coaching invoice (no GOÄ line: therapy bills a person) whose invoice address names a company
 * in its first line. Only such an invoice is offered as XRechnung, the format German businesses and authorities
 * receive; a patient gets the PDF (with the same data embedded as Factur-X).
 */
export function isBusinessInvoice(doc: InvoiceDocument): boolean {
  const first = doc.recipient.lines[0];
  return doc.lines.length > 0 && doc.lines.every((line) => line.kind === 'coaching') && !!first && namesCompany(first);
}
