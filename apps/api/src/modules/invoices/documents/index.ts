import { formatEuro, type InvoiceDocument, type OverdueNoticeDocument } from '@praxia/shared';
import { Document, Packer, Paragraph } from 'docx';
import PDFDocument from 'pdfkit';

// The documents of an invoice and a notice, drawn only from their frozen content. First cut: the content as plain
// text lines; the DIN 5008 layout, logo and GiroCode come with the layout work of issue 11.

export type DocumentAssets = { logo: Buffer | null };

function invoiceTextLines(doc: InvoiceDocument): string[] {
  return [
    doc.returnAddress,
    ...doc.recipient.lines,
    `${doc.kind === 'cancellation' ? 'Stornorechnung' : 'Rechnung'} Nr. ${doc.invoiceNumber} vom ${doc.issueDate}`,
    ...doc.lines.map((line) => `${line.date} ${line.code ?? ''} ${line.title} ${formatEuro(line.grossCents)}`),
    `Gesamtbetrag ${formatEuro(doc.totalCents)}`,
  ];
}

function noticeTextLines(doc: OverdueNoticeDocument): string[] {
  return [doc.returnAddress, ...doc.recipient.lines, ...doc.paragraphs];
}

function pdfOf(lines: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    for (const line of lines) pdf.text(line);
    pdf.end();
  });
}

export const renderInvoicePdf = (doc: InvoiceDocument, _assets: DocumentAssets) => pdfOf(invoiceTextLines(doc));

export const renderOverdueNoticePdf = (doc: OverdueNoticeDocument, _assets: DocumentAssets) =>
  pdfOf(noticeTextLines(doc));

export function renderInvoiceDocx(doc: InvoiceDocument, _assets: DocumentAssets): Promise<Buffer> {
  const word = new Document({
    sections: [{ children: invoiceTextLines(doc).map((text) => new Paragraph({ text })) }],
  });
  return Packer.toBuffer(word);
}
