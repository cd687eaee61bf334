import type { InvoiceDocument } from '@praxia/shared';
import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  Header,
  HeightRule,
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
import { unzipSync, zipSync } from 'fflate';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { epcPayload } from './epc-qr.js';
import { documentDate, euro } from './format.js';
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
import { windowLines } from './pdf-letter.js';

// The invoice as Word: the same words as the PDF (invoice-content.ts) in the same DIN 5008 form B letter, editable.
// Sizes in half-points (docx), widths in twentieths of a point (1 mm ≈ 56.7).

const TWIPS_PER_MM = 56.7;
// docx numbers drawings from one counter for the whole process; fixed ids keep every drawing of a document the same.
const DRAWING_IDS = { logo: '1', giroCode: '2' };
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

/** The facts of the information block: label and value, as the PDF's block shows them (8.5 pt, no cell margins). */
function factsTable(doc: InvoiceDocument): Table {
  const fact = (value: string, widthMm: number) =>
    new TableCell({
      width: { size: twips(widthMm), type: WidthType.DXA },
      borders: NO_BORDERS,
      margins: { top: 0, bottom: 0, left: 0, right: 0 },
      children: [new Paragraph({ children: [text(value, { size: 17 })] })],
    });
  return new Table({
    width: { size: twips(65), type: WidthType.DXA },
    columnWidths: [twips(30), twips(35)],
    rows: documentFacts(doc).map(([label, value]) => new TableRow({ children: [fact(label, 30), fact(value, 35)] })),
  });
}

/**
 * DIN 5008 form B below the 45 mm letterhead: the address field (85 mm wide from 20 mm, its text from 25 mm; the
 * return address at 57.5 mm, the recipient's six lines from 63.5 mm to 90 mm) beside the information block (from
 * 125 mm, starting at 50 mm): one borderless row at least 45 mm high, so the subject starts below the window.
 */
function letterHead(doc: InvoiceDocument): Table {
  const zone = (children: (Paragraph | Table)[], widthMm: number) =>
    new TableCell({
      width: { size: twips(widthMm), type: WidthType.DXA },
      borders: NO_BORDERS,
      margins: { top: 0, bottom: 0, left: 0, right: 0 },
      children,
    });
  const address = [
    new Paragraph({
      spacing: { before: twips(12.5), after: twips(3) },
      children: [new TextRun({ text: doc.returnAddress, size: 14, underline: {} })],
    }),
    ...windowLines(doc.recipient.lines).map((line) => paragraph(line, { spacingAfter: 0 })),
  ];
  const information = [
    new Paragraph({ spacing: { before: twips(5) }, children: [] }),
    ...practiceLines(doc.practice).map((line, index) =>
      paragraph(line, { bold: index === 0, size: 17, spacingAfter: 0 }),
    ),
    paragraph('', { spacingAfter: 60 }),
    factsTable(doc),
  ];
  return new Table({
    width: { size: twips(165), type: WidthType.DXA },
    columnWidths: [twips(100), twips(65)],
    borders: { ...NO_BORDERS, insideHorizontal: NO_BORDER, insideVertical: NO_BORDER },
    rows: [
      new TableRow({
        height: { value: twips(45), rule: HeightRule.ATLEAST },
        children: [zone(address, 100), zone(information, 65)],
      }),
    ],
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
    altText: { id: DRAWING_IDS.logo, name: 'Logo' },
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
        children: [
          new ImageRun({
            type: 'png',
            data: png,
            transformation: { width: 113, height: 113 },
            altText: { id: DRAWING_IDS.giroCode, name: 'GiroCode' },
          }),
        ],
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
    letterHead(doc),
    // The subject two blank lines below the address field, at about 103.5 mm as in the PDF.
    new Paragraph({ spacing: { before: twips(13.5), after: 120 }, children: [text(title, { bold: true, size: 26 })] }),
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
        // The letterhead (45 mm, the logo) is the page header; the body starts with the address field at 45 mm.
        properties: {
          page: {
            margin: { top: twips(45), bottom: twips(20), left: twips(25), right: twips(20), header: twips(10) },
          },
        },
        headers: {
          default: new Header({
            children: logo ? [new Paragraph({ alignment: AlignmentType.RIGHT, children: [logo] })] : [],
          }),
        },
        footers: { default: footer },
        children,
      },
    ],
  });
  return datedPackage(await Packer.toBuffer(word), documentDate(doc.issueDate));
}

/**
 * docx dates the package by the clock (the core properties' created and modified, every zip entry's time); both
 * become the document's own date, so drawing an issued document again gives the same bytes.
 */
function datedPackage(packed: Buffer, date: Date): Buffer {
  const stamp = `${date.toISOString().split('.')[0]}Z`;
  const entries = Object.entries(unzipSync(packed)).map(([path, data]): [string, [Uint8Array, { mtime: Date }]] => {
    const content =
      path === 'docProps/core.xml'
        ? new TextEncoder().encode(
            new TextDecoder().decode(data).replace(/(<dcterms:(?:created|modified)\b[^>]*>)[^<]*/g, `$1${stamp}`),
          )
        : data;
    return [path, [content, { mtime: date }]];
  });
  return Buffer.from(zipSync(Object.fromEntries(entries)));
}
