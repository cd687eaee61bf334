import { ErrorCode, type InvoiceDocument } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import type { Actor } from '../../plugins/actor.js';
import { AppError } from '../../plugins/errors.js';
import { eInvoiceBuyer, isBusinessInvoice } from './documents/e-invoice/buyer.js';
import { buildCiiXml } from './documents/e-invoice/cii.js';
import { clientEmail } from './invoice-data.repo.js';
import type { InvoiceRow } from './invoices.repo.js';
import { invoiceFile, recordInvoiceDownload } from './issued-file.js';

// XRechnung 3.0 (CII syntax) for a business client. It is written from the frozen document on each download rather
// than stored: the document never changes, so the XML is the same every time, and only business invoices need it.

/** What XRechnung requires beyond EN 16931 (BR-DE rules), with the German names the error text gives. */
const REQUIREMENTS: [field: string, label: string, present: (doc: InvoiceDocument, email: string | null) => boolean][] =
  [
    // BR-DE-16: a seller tax number (or VAT id) for categories S and E.
    ['practice.taxNumber', 'Steuernummer der Praxis (auf Rechnungen angezeigt)', (doc) => !!doc.practice.taxNumber],
    // BR-DE-3/4: the seller's city and postal code.
    ['practice.address', 'Anschrift der Praxis', (doc) => !!(doc.practice.postalCode && doc.practice.city)],
    // BR-DE-2/5/6/7: the seller's contact with phone and e-mail; BT-34 the seller's electronic address.
    ['practice.phone', 'Telefonnummer der Praxis', (doc) => !!doc.practice.phone],
    ['practice.email', 'E-Mail-Adresse der Praxis', (doc) => !!doc.practice.email],
    // BR-DE-1/23: payment instructions, here the credit transfer to the practice's IBAN.
    ['practice.iban', 'Bankverbindung (IBAN) der Praxis', (doc) => !!doc.bank],
    // BR-DE-8/9: the buyer's city and postal code, read from the invoice address.
    [
      'invoiceAddress',
      'Postleitzahl und Ort in der Rechnungsadresse',
      (doc) => {
        const buyer = eInvoiceBuyer(doc);
        return !!(buyer.postcode && buyer.city);
      },
    ],
    // BT-49: the buyer's electronic address, the patient's e-mail address.
    ['email', 'E-Mail-Adresse der Klientin oder des Klienten', (_doc, email) => !!email],
  ];

/** GET /invoice/:id/file?type=xrechnung: the XML alone, for a business client's invoice (or its cancellation). */
export async function xrechnungFile(ctx: AppContext, actor: Actor, row: InvoiceRow) {
  const doc = row.document;
  if (!isBusinessInvoice(doc)) {
    throw new AppError(ErrorCode.xrechnungNotBusiness, {
      status: 422,
      detail:
        'Eine XRechnung gibt es nur für Coaching-Rechnungen an ein Unternehmen: Die Rechnungsadresse muss in der ersten Zeile die Firma mit Rechtsform nennen (z. B. GmbH).',
    });
  }
  const email = await clientEmail(ctx.db, row.clientId);
  const missing = REQUIREMENTS.filter(([, , present]) => !present(doc, email));
  if (missing.length > 0) {
    throw new AppError(ErrorCode.xrechnungDataMissing, {
      status: 422,
      detail: `Für die XRechnung fehlt: ${missing.map(([, label]) => label).join(', ')}.`,
      params: { fields: missing.map(([field]) => field).join(',') },
    });
  }
  const xml = buildCiiXml(doc, { profile: 'xrechnung', buyerEmail: email });
  await recordInvoiceDownload(ctx, actor, row, { type: 'xrechnung' });
  return invoiceFile(row, Buffer.from(xml, 'utf8'), 'xml');
}
