import type { InvoiceDocument, InvoiceDocumentLine } from '@praxia/shared';

// VAT categories of the EN 16931 (UNTDID 5305) for the practice's three tax groups (vat.ts):
// - therapy (every GOÄ line) is exempt under § 4 Nr. 14a UStG, which implements Art. 132(1)(c) of the VAT directive
//   2006/112/EC: category E with the code VATEX-EU-132-1C of the CEF VATEX list;
// - coaching with VAT: category S, 19 %;
// - coaching without VAT of a § 19 UStG small business: category E with the reason text, as ZUGFeRD/XRechnung
//   implementations commonly do for § 19 UStG (not checked against a primary source here). O ("not subject to VAT")
//   would forbid any other category on the same invoice (BR-O-11..14), which a practice billing therapy and coaching
//   cannot keep. There is no VATEX code for § 19 UStG, so only the text is given;
// - coaching without VAT of a practice that is no small business ('notax'): category E as well, with a neutral text,
//   as the practice states no other reason.
// EN 16931 has one breakdown per category and rate, so the reasons of the lines in E are joined.

export const EXEMPT_MEDICAL = 'Steuerfrei nach § 4 Nr. 14 UStG';
export const EXEMPT_MEDICAL_CODE = 'VATEX-EU-132-1C';
export const SMALL_BUSINESS = 'Kein Ausweis von Umsatzsteuer, da Kleinunternehmer gemäß § 19 UStG';
export const WITHOUT_VAT = 'Leistung ohne Umsatzsteuer berechnet';

export type VatCategoryCode = 'S' | 'E';

export type VatBreakdown = {
  code: VatCategoryCode;
  ratePercent: number;
  basisCents: number;
  taxCents: number;
  /** BT-120, for E only. */
  reason: string | null;
  /** BT-121, for E only, when every reason has a code. */
  reasonCode: string | null;
};

const isSmallBusiness = (doc: InvoiceDocument) => doc.taxNotes.includes('invoice.taxNote.smallBusiness');

export function lineCategory(doc: InvoiceDocument, line: InvoiceDocumentLine) {
  if (line.kind === 'goae') return { code: 'E' as const, ratePercent: 0, reason: EXEMPT_MEDICAL };
  if (line.taxRatePercent > 0) return { code: 'S' as const, ratePercent: line.taxRatePercent, reason: null };
  return { code: 'E' as const, ratePercent: 0, reason: isSmallBusiness(doc) ? SMALL_BUSINESS : WITHOUT_VAT };
}

/**
 * The breakdown per category (BG-23) in the document's sign. The basis is the sum of the lines' net amounts
 * (BR-S-08, BR-E-08); the tax is the document's own per-rate tax, computed once on the rate's net total and rounded
 * half up (vat.ts), which is what BR-S-09 asks (basis × rate, rounded to cents).
 */
export function vatBreakdown(doc: InvoiceDocument): VatBreakdown[] {
  const groups = new Map<string, VatBreakdown & { reasons: Set<string> }>();
  for (const line of doc.lines) {
    const category = lineCategory(doc, line);
    const key = `${category.code}:${category.ratePercent}`;
    const group = groups.get(key) ?? {
      code: category.code,
      ratePercent: category.ratePercent,
      basisCents: 0,
      taxCents: 0,
      reason: null,
      reasonCode: null,
      reasons: new Set<string>(),
    };
    group.basisCents += line.netCents;
    if (category.reason) group.reasons.add(category.reason);
    groups.set(key, group);
  }
  return [...groups.values()].map(({ reasons, ...group }) => {
    const taxCents = group.code === 'S' ? standardTax(doc, group.ratePercent, group.basisCents) : 0;
    const onlyMedical = reasons.size === 1 && reasons.has(EXEMPT_MEDICAL);
    return {
      ...group,
      taxCents,
      reason: reasons.size ? [...reasons].join('; ') : null,
      reasonCode: onlyMedical ? EXEMPT_MEDICAL_CODE : null,
    };
  });
}

/** The document's tax of the standard rate; its net total must be the lines' (else the document is inconsistent). */
function standardTax(doc: InvoiceDocument, ratePercent: number, basisCents: number): number {
  const total = doc.taxTotals.find((entry) => entry.group === 'standard' && entry.ratePercent === ratePercent);
  if (!total || total.netCents !== basisCents) throw new Error('invoice document: standard-rate totals differ');
  return total.taxCents;
}
