import type { InvoiceDocument } from '@praxia/shared';
import { drawPaymentAndSignature } from './bank-block.js';
import { attachFacturX } from './e-invoice/factur-x.js';
import { documentDate } from './format.js';
import type { DocumentAssets } from './index.js';
import {
  cancellationReference,
  diagnosisText,
  documentFacts,
  documentTitle,
  introduction,
  paymentLines,
  remittanceText,
  signatureLines,
  taxNoteLines,
} from './invoice-content.js';
import { drawLines, drawTotals } from './invoice-table.js';
import { BOLD, drawLetterHead, drawPageNumbers, LetterFlow, startPdf } from './pdf-letter.js';
import { winAnsiContent } from './win-ansi.js';

/**
 * The invoice (or cancellation) as a DIN 5008 letter: head with the window address and the information block, the
 * subject, the lines, the totals per tax rate, the tax notes, payment terms, bank details with GiroCode, signature;
 * a PDF/A-3 carrying the same invoice as Factur-X / ZUGFeRD XML. Drawn twice, the same bytes (dated by its issue day).
 */
export function drawInvoicePdf(issued: InvoiceDocument, assets: DocumentAssets): Promise<Buffer> {
  const doc = winAnsiContent(issued);
  const title = documentTitle(doc);
  const { pdf, finished } = startPdf(title, doc.practice.name, documentDate(doc.issueDate));
  const top = drawLetterHead(pdf, {
    practice: doc.practice,
    returnAddress: doc.returnAddress,
    recipient: doc.recipient.lines,
    facts: documentFacts(doc),
    logo: assets.logo,
  });
  const flow = new LetterFlow(pdf, top, title);
  flow.paragraph(title, { font: BOLD, size: 12, gapAfter: 4 });
  const reference = cancellationReference(doc);
  if (reference) flow.paragraph(reference, { font: BOLD, gapAfter: 4 });
  const diagnosis = diagnosisText(doc);
  if (diagnosis) flow.paragraph(diagnosis, { size: 9.5 });
  flow.paragraph(introduction(doc), { size: 9.5, gapAfter: 8 });
  drawLines(flow, doc);
  drawTotals(flow, doc);
  for (const note of taxNoteLines(doc)) flow.paragraph(note, { size: 9 });
  flow.gap(1);
  for (const line of paymentLines(doc)) flow.paragraph(line, { size: 9.5 });
  flow.gap(1);
  // A cancellation asks for no payment: no bank details, no GiroCode.
  const payment = { bank: doc.kind === 'invoice' ? issued.bank : null, amountCents: doc.totalCents };
  drawPaymentAndSignature(flow, { ...payment, remittance: remittanceText(doc.invoiceNumber) }, signatureLines(doc));
  drawPageNumbers(pdf, title);
  // The e-invoice from the document as issued: the XML keeps every character the PDF's font cannot print.
  attachFacturX(pdf, issued);
  pdf.end();
  return finished;
}
