import type { OverdueNoticeDocument } from '@praxia/shared';
import { drawPaymentAndSignature } from './bank-block.js';
import { euro, germanDate } from './format.js';
import type { DocumentAssets } from './index.js';
import { remittanceText, signatureLines } from './invoice-content.js';
import { noticeTitle } from './notice-texts.js';
import { BOLD, drawLetterHead, drawPageNumbers, LetterFlow, startPdf } from './pdf-letter.js';
import { winAnsiContent } from './win-ansi.js';

/** A payment reminder or the final notice in the invoice's letter layout, with the invoice reference and GiroCode. */
export function drawOverdueNoticePdf(issued: OverdueNoticeDocument, assets: DocumentAssets): Promise<Buffer> {
  const doc = winAnsiContent(issued);
  const title = noticeTitle(doc.type, doc.number);
  const { pdf, finished } = startPdf(title, doc.practice.name);
  const top = drawLetterHead(pdf, {
    practice: doc.practice,
    returnAddress: doc.returnAddress,
    recipient: doc.recipient.lines,
    facts: [
      ['Datum', germanDate(doc.issueDate)],
      ['Rechnungsnummer', doc.invoice.invoiceNumber],
      ['Rechnungsdatum', germanDate(doc.invoice.issueDate)],
    ],
    logo: assets.logo,
  });
  const flow = new LetterFlow(pdf, top, title);
  flow.paragraph(title, { font: BOLD, size: 12, gapAfter: 2 });
  flow.paragraph(
    `Rechnung Nr. ${doc.invoice.invoiceNumber} vom ${germanDate(doc.invoice.issueDate)} über ${euro(doc.invoice.totalCents)}, fällig am ${germanDate(doc.invoice.dueDate)}`,
    { font: BOLD, size: 9.5, gapAfter: 10 },
  );
  flow.paragraph(doc.salutation ?? 'Sehr geehrte Damen und Herren,', { gapAfter: 6 });
  for (const paragraph of doc.paragraphs) flow.paragraph(paragraph, { gapAfter: 6 });
  flow.paragraph(`Zahlbar bis ${germanDate(doc.dueDate)}`, { font: BOLD, gapAfter: 4 });
  if (doc.paymentModalities) flow.paragraph(doc.paymentModalities, { size: 9.5 });
  flow.gap(2);
  const payment = { bank: issued.bank, amountCents: doc.invoice.totalCents };
  drawPaymentAndSignature(
    flow,
    { ...payment, remittance: remittanceText(doc.invoice.invoiceNumber) },
    signatureLines(doc),
  );
  drawPageNumbers(pdf, title);
  pdf.end();
  return finished;
}
