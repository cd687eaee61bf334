import PDFDocument from 'pdfkit';

export type Block =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'bullet'; text: string };

export type LegalPdfMeta = { title: string; author: string; footer: string };

const MARGIN = 62;
const STYLES = {
  title: { font: 'Helvetica-Bold', size: 16, before: 0, after: 8 },
  heading: { font: 'Helvetica-Bold', size: 11, before: 10, after: 2 },
  paragraph: { font: 'Helvetica', size: 10, before: 4, after: 0 },
  bullet: { font: 'Helvetica', size: 10, before: 2, after: 0 },
} as const;
// A fixed date keeps a regenerated file identical when its text did not change.
const CREATED = new Date('2025-04-08T00:00:00Z');

/**
 * A legal document as an A4 PDF: Helvetica (its WinAnsi encoding covers German and the typographic characters
 * the texts use: ä ß € „“ ’ … –), bulleted lists, and '<footer> · Seite n von m' on every page.
 * `compress: false` leaves the content streams readable, for tests.
 */
export function renderLegalPdf(blocks: Block[], meta: LegalPdfMeta, options = { compress: true }): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    compress: options.compress,
    info: { Title: meta.title, Author: meta.author, CreationDate: CREATED, ModDate: CREATED },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  for (const block of blocks) {
    const style = STYLES[block.kind];
    doc
      .font(style.font)
      .fontSize(style.size)
      .moveDown(style.before / style.size);
    if (block.kind === 'bullet') doc.list([block.text], { bulletRadius: 1.5, lineGap: 2 });
    else doc.text(block.text, { lineGap: 2 });
    doc.moveDown(style.after / style.size);
  }

  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    // Writing into the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#666666')
      .text(`${meta.footer} · Seite ${index + 1} von ${count}`, MARGIN, doc.page.height - MARGIN / 2, {
        width: doc.page.width - 2 * MARGIN,
        align: 'center',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}
