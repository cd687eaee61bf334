import { ADDRESS_WINDOW, type DocumentPractice } from '@praxia/shared';
import PDFDocument from 'pdfkit';
import { mm } from './format.js';
import { practiceLines } from './invoice-content.js';
import { BOLD, FONT, registerDocumentFonts } from './pdf-fonts.js';

// The DIN 5008 letter (form B) both PDFs share: positions in millimetres from the top left corner of an A4 page.

export { BOLD, FONT, ITALIC } from './pdf-fonts.js';
/** Body text from 25 mm to 190 mm (left margin 25 mm, right margin 20 mm). */
export const LEFT = mm(25);
export const RIGHT = mm(190);
export const WIDTH = RIGHT - LEFT;
/** Content ends above the footer with the page numbers. */
export const CONTENT_BOTTOM = mm(280);
const FOLLOW_PAGE_TOP = mm(20);
/** Form B: the address field is 20 mm from the left edge and 45 mm from the top, 85 × 45 mm; the text starts 5 mm in. */
/**
 * DIN 5008 form B: the address zone of the window runs from 62.7 mm to 90 mm, six lines at 12 pt from 63.5 mm; a
 * line is cut with an ellipsis at the window's width.
 */
const ADDRESS = { x: mm(25), width: mm(75), returnY: mm(57.5), recipientY: mm(63.5), lineHeight: 12 };

/**
 * The recipient as the window holds it: at most ADDRESS_WINDOW.lines lines. A longer address (the app refuses one when
 * it is entered; older records may hold one) keeps its first lines and its last, the town, which the post needs.
 */
export function windowLines(recipient: readonly string[]): string[] {
  const { lines } = ADDRESS_WINDOW;
  if (recipient.length <= lines) return [...recipient];
  return [...recipient.slice(0, lines - 1), recipient[recipient.length - 1] ?? ''];
}
/** Form B: the information block is 125 mm from the left edge and starts 50 mm from the top. */
const INFO = { x: mm(125), y: mm(50), width: mm(65), labelWidth: mm(28) };
/** The subject starts below the address field (ends at 90 mm) after two blank lines. */
const SUBJECT_Y = mm(103.5);
const LOGO = { x: mm(125), y: mm(10), width: mm(65), height: mm(28) };

export type LetterHead = {
  practice: DocumentPractice;
  returnAddress: string;
  recipient: string[];
  /** The document's facts in the information block (label, value). */
  facts: [string, string][];
  logo: Buffer | null;
};

/**
 * The title and author, except those XML cannot hold as they are: pdfkit repeats them unescaped in the XMP metadata,
 * which PDF/A requires to be well-formed and to match the info dictionary, so such a value stays out of both.
 */
function documentInfo(title: string, author: string, createdAt: Date | undefined): PDFKit.DocumentInfo {
  // pdfkit derives the file id from the info dictionary, so a given date makes the whole file repeatable.
  const info: PDFKit.DocumentInfo = createdAt ? { CreationDate: createdAt } : {};
  if (!/[&<>]/.test(title)) info.Title = title;
  if (!/[&<>]/.test(author)) info.Author = author;
  return info;
}

/**
 * A PDF/A-3b file with A4 pages (archivable, and able to carry the invoice's e-invoice XML as Factur-X / ZUGFeRD);
 * every position is given explicitly, so there is no margin to wrap into. Without `createdAt` it is dated now.
 */
export function startPdf(
  title: string,
  author: string,
  createdAt?: Date,
): { pdf: PDFKit.PDFDocument; finished: Promise<Buffer> } {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    info: documentInfo(title, author, createdAt),
  });
  registerDocumentFonts(pdf);
  const finished = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  return { pdf, finished };
}

/** Fold marks at 105 mm and 210 mm and the hole mark at 148.5 mm (DIN 5008 form B). */
function drawFoldMarks(pdf: PDFKit.PDFDocument): void {
  pdf.save().lineWidth(0.4).strokeColor('#777777');
  for (const [y, length] of [
    [105, 5],
    [148.5, 7],
    [210, 5],
  ] as const) {
    pdf
      .moveTo(mm(3), mm(y))
      .lineTo(mm(3 + length), mm(y))
      .stroke();
  }
  pdf.restore();
}

function drawLogo(pdf: PDFKit.PDFDocument, logo: Buffer): void {
  pdf.image(logo, LOGO.x, LOGO.y, { fit: [LOGO.width, LOGO.height], align: 'right', valign: 'center' });
}

function drawAddressField(pdf: PDFKit.PDFDocument, returnAddress: string, recipient: string[]): void {
  pdf.font(FONT).fontSize(7).fillColor('#000000');
  pdf.text(returnAddress, ADDRESS.x, ADDRESS.returnY, {
    width: ADDRESS.width,
    lineBreak: false,
    ellipsis: true,
    underline: true,
  });
  pdf.fontSize(10);
  windowLines(recipient).forEach((line, index) => {
    pdf.text(line, ADDRESS.x, ADDRESS.recipientY + index * ADDRESS.lineHeight, {
      width: ADDRESS.width,
      lineBreak: false,
      ellipsis: true,
    });
  });
}

/** The practice (supplier) and the document's facts; returns where the block ends. */
function drawInformationBlock(pdf: PDFKit.PDFDocument, practice: DocumentPractice, facts: [string, string][]): number {
  let y = INFO.y;
  const lineHeight = 10.5;
  practiceLines(practice).forEach((line, index) => {
    pdf.font(index === 0 ? BOLD : FONT).fontSize(8.5);
    pdf.text(line, INFO.x, y, { width: INFO.width, lineBreak: false, ellipsis: true });
    y += lineHeight;
  });
  y += lineHeight / 2;
  for (const [label, value] of facts) {
    pdf.font(FONT).fontSize(8.5).text(label, INFO.x, y, { width: INFO.labelWidth, lineBreak: false });
    pdf.text(value, INFO.x + INFO.labelWidth, y, {
      width: INFO.width - INFO.labelWidth,
      lineBreak: false,
      ellipsis: true,
    });
    y += lineHeight;
  }
  return y;
}

/** The first page's head; returns where the subject goes. */
export function drawLetterHead(pdf: PDFKit.PDFDocument, head: LetterHead): number {
  drawFoldMarks(pdf);
  if (head.logo) drawLogo(pdf, head.logo);
  drawAddressField(pdf, head.returnAddress, head.recipient);
  const infoEnd = drawInformationBlock(pdf, head.practice, head.facts);
  return Math.max(SUBJECT_Y, infoEnd + mm(6));
}

/**
 * The running position on the page. `ensure` starts a new page when a block of the given height no longer fits;
 * the page then opens with a continuation line naming the document, and `onNewPage` (e.g. the table header).
 */
export class LetterFlow {
  y: number;
  onNewPage: (() => void) | null = null;

  constructor(
    readonly pdf: PDFKit.PDFDocument,
    y: number,
    private readonly continuation: string,
  ) {
    this.y = y;
  }

  ensure(height: number): void {
    if (this.y + height <= CONTENT_BOTTOM) return;
    this.pdf.addPage();
    this.pdf.font(FONT).fontSize(8.5).fillColor('#000000');
    this.pdf.text(`${this.continuation} – Fortsetzung`, LEFT, FOLLOW_PAGE_TOP, { width: WIDTH, lineBreak: false });
    this.y = FOLLOW_PAGE_TOP + mm(8);
    this.onNewPage?.();
  }

  /** A paragraph over the text width (kept on one page). */
  paragraph(text: string, options: { font?: string; size?: number; gapAfter?: number } = {}): void {
    this.pdf.font(options.font ?? FONT).fontSize(options.size ?? 10);
    const height = this.pdf.heightOfString(text, { width: WIDTH });
    this.ensure(height);
    this.pdf.text(text, LEFT, this.y, { width: WIDTH });
    this.y += height + (options.gapAfter ?? mm(2));
  }

  gap(millimetres: number): void {
    this.y += mm(millimetres);
  }
}

/** 'Seite n von m' on every page, written when the page count is known. */
export function drawPageNumbers(pdf: PDFKit.PDFDocument, documentLabel: string): void {
  const range = pdf.bufferedPageRange();
  for (let index = 0; index < range.count; index++) {
    pdf.switchToPage(range.start + index);
    pdf.font(FONT).fontSize(8).fillColor('#000000');
    pdf.text(`${documentLabel} · Seite ${index + 1} von ${range.count}`, LEFT, mm(287), {
      width: WIDTH,
      align: 'right',
      lineBreak: false,
    });
  }
}

/** The closing greeting, room for a handwritten signature, the line and the therapist's signature text. */
export const signatureHeight = (lines: string[]) => mm(15) + lines.length * 11;

export function drawSignature(flow: LetterFlow, lines: string[]): void {
  const height = signatureHeight(lines);
  flow.ensure(height);
  const { pdf } = flow;
  pdf.font(FONT).fontSize(10).text('Mit freundlichen Grüßen', LEFT, flow.y, { width: WIDTH, lineBreak: false });
  const lineY = flow.y + mm(10);
  pdf
    .save()
    .lineWidth(0.5)
    .moveTo(LEFT, lineY)
    .lineTo(LEFT + mm(70), lineY)
    .stroke()
    .restore();
  lines.forEach((line, index) => {
    pdf.fontSize(9).text(line, LEFT, lineY + mm(1.5) + index * 11, { width: mm(100), lineBreak: false });
  });
  flow.y += height;
}
