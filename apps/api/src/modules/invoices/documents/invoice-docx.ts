import type { InvoiceDocument } from '@praxia/shared';
import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  ImageRun,
  Packer,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { epcPayload } from './epc-qr.js';
import { euro } from './format.js';
import type { DocumentAssets } from './index.js';
import {
  bankLines,
  cancellationReference,
  diagnosisText,
  documentFacts,
  documentTitle,
  introduction,
  lineCells,
  paymentLines,
  practiceLines,
  remittanceText,
  signatureLines,
  TABLE_HEADINGS,
  TOTALS_HEADINGS,
  taxNoteLines,
  taxTotalRows,
  totalLabel,
} from './invoice-content.js';

// The invoice as Word: the same words as the PDF (invoice-content.ts), in a plain editable layout. Sizes in
// half-points (docx), widths in twentieths of a point (1 mm ≈ 56.7).

const TWIPS_PER_MM = 56.7;
const twips = (millimetres: number) => Math.round(millimetres * TWIPS_PER_MM);
const LINE_COLUMNS_MM = [20, 17, 88, 15, 25];
const TOTAL_COLUMNS_MM = [95, 24, 22, 24];
const RIGHT_ALIGNED_LINE_COLUMNS = new Set([3, 4]);

const text = (value: string, options: { bold?: boolean; italics?: boolean; size?: number } = {}) =>
  new TextRun({ text: value, bold: options.bold, italics: options.italics, size: options.size ?? 20 });
const paragraph = (value: string, options: { bold?: boolean; size?: number; spacingAfter?: number } = {}) =>
  new Paragraph({ children: [text(value, options)], spacing: { after: options.spacingAfter ?? 80 } });
const NO_BORDER = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };
const NO_BORDERS = { top: NO_BORDER, bottom: NO_BORDER, left: NO_BORDER, right: NO_BORDER };

function cell(
  lines: string[],
  widthMm: number,
  options: { bold?: boolean; right?: boolean; italicLast?: boolean } = {},
) {
  return new TableCell({
    width: { size: twips(widthMm), type: WidthType.DXA },
    borders: NO_BORDERS,
    children: lines.map(
      (line, index) =>
        new Paragraph({
          alignment: options.right ? AlignmentType.RIGHT : AlignmentType.LEFT,
          children: [
            text(line, { bold: options.bold, italics: options.italicLast && index === lines.length - 1, size: 18 }),
          ],
        }),
    ),
  });
}

function linesTable(doc: InvoiceDocument): Table {
  const header = new TableRow({
    tableHeader: true,
    children: TABLE_HEADINGS.map((heading, index) =>
      cell([heading], LINE_COLUMNS_MM[index] ?? 20, { bold: true, right: RIGHT_ALIGNED_LINE_COLUMNS.has(index) }),
    ),
  });
  const rows = doc.lines.map((line) => {
    const cells = lineCells(line);
    const description = cells.justification ? [...cells.description, cells.justification] : cells.description;
    return new TableRow({
      cantSplit: true,
      children: [[cells.date], [cells.code], description, [cells.factor], [cells.amount]].map((lines, index) =>
        cell(lines, LINE_COLUMNS_MM[index] ?? 20, {
          right: RIGHT_ALIGNED_LINE_COLUMNS.has(index),
          italicLast: index === 2 && Boolean(cells.justification),
        }),
      ),
    });
  });
  return new Table({
    width: { size: twips(165), type: WidthType.DXA },
    columnWidths: LINE_COLUMNS_MM.map(twips),
    rows: [header, ...rows],
  });
}

function totalsTable(doc: InvoiceDocument): Table {
  const row = (cells: readonly string[], bold: boolean) =>
    new TableRow({
      children: cells.map((value, index) => cell([value], TOTAL_COLUMNS_MM[index] ?? 20, { bold, right: index > 0 })),
    });
  return new Table({
    width: { size: twips(165), type: WidthType.DXA },
    columnWidths: TOTAL_COLUMNS_MM.map(twips),
    rows: [
      row(TOTALS_HEADINGS, true),
      ...taxTotalRows(doc).map((cells) => row(cells, false)),
      row([totalLabel(doc), '', '', euro(doc.totalCents)], true),
    ],
  });
}

/** The document's facts in two columns, as the PDF's information block shows them. */
function factsTable(doc: InvoiceDocument): Table {
  return new Table({
    width: { size: twips(80), type: WidthType.DXA },
    columnWidths: [twips(35), twips(45)],
    rows: documentFacts(doc).map(
      ([label, value]) => new TableRow({ children: [cell([label], 35), cell([value], 45)] }),
    ),
  });
}

async function logoRun(logo: Buffer): Promise<ImageRun | null> {
  const meta = await sharp(logo).metadata();
  if (!meta.width || !meta.height || (meta.format !== 'png' && meta.format !== 'jpeg')) return null;
  // At most 170 × 70 pixels (about 45 × 18 mm), keeping the aspect ratio.
  const scale = Math.min(170 / meta.width, 70 / meta.height, 1);
  return new ImageRun({
    type: meta.format === 'png' ? 'png' : 'jpg',
    data: logo,
    transformation: { width: Math.round(meta.width * scale), height: Math.round(meta.height * scale) },
  });
}

async function bankParagraphs(doc: InvoiceDocument): Promise<Paragraph[]> {
  if (!doc.bank || doc.kind !== 'invoice') return [];
  const remittance = remittanceText(doc.invoiceNumber);
  const paragraphs = [
    paragraph('Bankverbindung', { bold: true }),
    ...bankLines(doc.bank, remittance).map((line) => paragraph(line)),
  ];
  if (doc.totalCents > 0) {
    const png = await QRCode.toBuffer(epcPayload(doc.bank, doc.totalCents, remittance), {
      errorCorrectionLevel: 'M',
      margin: 4,
      scale: 4,
    });
    paragraphs.push(
      // The caption stays with its code on one page.
      new Paragraph({ keepNext: true, children: [text('Zahlen mit Code', { bold: true, size: 16 })] }),
      new Paragraph({
        children: [new ImageRun({ type: 'png', data: png, transformation: { width: 113, height: 113 } })],
      }),
    );
  }
  return paragraphs;
}

export async function drawInvoiceDocx(doc: InvoiceDocument, assets: DocumentAssets): Promise<Buffer> {
  const logo = assets.logo ? await logoRun(assets.logo) : null;
  const title = documentTitle(doc);
  const reference = cancellationReference(doc);
  const diagnosis = diagnosisText(doc);
  const children = [
    ...(logo ? [new Paragraph({ alignment: AlignmentType.RIGHT, children: [logo] })] : []),
    ...practiceLines(doc.practice).map((line, index) =>
      paragraph(line, { bold: index === 0, size: 18, spacingAfter: 0 }),
    ),
    paragraph(doc.returnAddress, { size: 14, spacingAfter: 120 }),
    ...doc.recipient.lines.map((line) => paragraph(line, { spacingAfter: 0 })),
    paragraph('', { spacingAfter: 240 }),
    factsTable(doc),
    paragraph('', { spacingAfter: 120 }),
    paragraph(title, { bold: true, size: 26, spacingAfter: 120 }),
    ...(reference ? [paragraph(reference, { bold: true })] : []),
    ...(diagnosis ? [paragraph(diagnosis)] : []),
    paragraph(introduction(doc)),
    linesTable(doc),
    paragraph('', { spacingAfter: 120 }),
    totalsTable(doc),
    paragraph('', { spacingAfter: 120 }),
    ...taxNoteLines(doc).map((line) => paragraph(line, { size: 18 })),
    ...paymentLines(doc).map((line) => paragraph(line)),
    ...(await bankParagraphs(doc)),
    paragraph('Mit freundlichen Grüßen', { spacingAfter: 600 }),
    ...signatureLines(doc).map((line) => paragraph(line, { size: 18, spacingAfter: 0 })),
  ];
  const footer = new Footer({
    children: [
      new Paragraph({
        alignment: AlignmentType.RIGHT,
        children: [
          new TextRun({
            size: 16,
            children: [`${title} · Seite `, PageNumber.CURRENT, ' von ', PageNumber.TOTAL_PAGES],
          }),
        ],
      }),
    ],
  });
  const word = new Document({
    creator: doc.practice.name,
    title,
    styles: { default: { document: { run: { font: 'Arial' } } } },
    sections: [
      {
        properties: { page: { margin: { top: twips(20), bottom: twips(20), left: twips(25), right: twips(20) } } },
        footers: { default: footer },
        children,
      },
    ],
  });
  return Packer.toBuffer(word);
}
