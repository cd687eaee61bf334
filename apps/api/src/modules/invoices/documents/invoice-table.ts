import type { InvoiceDocument } from '@praxia/shared';
import { euro, mm } from './format.js';
import { lineCells, TABLE_HEADINGS, TOTALS_HEADINGS, taxTotalRows, totalLabel } from './invoice-content.js';
import { BOLD, FONT, ITALIC, LEFT, type LetterFlow, RIGHT, WIDTH } from './pdf-letter.js';

// The lines of the invoice (§12 GOÄ: date, number, description, factor, amount) and the totals per tax rate.

const COLUMNS = [
  { x: LEFT, width: mm(20), align: 'left' },
  { x: LEFT + mm(20), width: mm(15), align: 'left' },
  { x: LEFT + mm(35), width: mm(93), align: 'left' },
  { x: LEFT + mm(128), width: mm(12), align: 'right' },
  { x: LEFT + mm(140), width: mm(25), align: 'right' },
] as const;
const DESCRIPTION = COLUMNS[2];
/** The justification runs under the line from the description to the right edge. */
const JUSTIFICATION_WIDTH = RIGHT - DESCRIPTION.x;
const BODY_SIZE = 9;
const ROW_PADDING = 4;

function rule(flow: LetterFlow, width = 0.5): void {
  flow.pdf.save().lineWidth(width).moveTo(LEFT, flow.y).lineTo(RIGHT, flow.y).stroke().restore();
}

/** The column headings; repeated at the top of every following page the table runs onto. */
export function drawTableHeader(flow: LetterFlow): void {
  const { pdf } = flow;
  pdf.font(BOLD).fontSize(BODY_SIZE);
  TABLE_HEADINGS.forEach((heading, index) => {
    const column = COLUMNS[index];
    if (column) pdf.text(heading, column.x, flow.y, { width: column.width, align: column.align, lineBreak: false });
  });
  flow.y += 13;
  rule(flow, 0.8);
  flow.y += ROW_PADDING;
}

export function drawLines(flow: LetterFlow, doc: InvoiceDocument): void {
  const { pdf } = flow;
  flow.ensure(40);
  drawTableHeader(flow);
  flow.onNewPage = () => drawTableHeader(flow);
  for (const line of doc.lines) {
    const cells = lineCells(line);
    const description = cells.description.join('\n');
    pdf.font(FONT).fontSize(BODY_SIZE);
    const descriptionHeight = pdf.heightOfString(description, { width: DESCRIPTION.width });
    pdf.font(ITALIC).fontSize(8);
    const justificationHeight = cells.justification
      ? pdf.heightOfString(cells.justification, { width: JUSTIFICATION_WIDTH }) + 2
      : 0;
    flow.ensure(descriptionHeight + justificationHeight + ROW_PADDING);
    pdf.font(FONT).fontSize(BODY_SIZE);
    [cells.date, cells.code, description, cells.factor, cells.amount].forEach((text, index) => {
      const column = COLUMNS[index];
      if (column) pdf.text(text, column.x, flow.y, { width: column.width, align: column.align });
    });
    flow.y += descriptionHeight;
    if (cells.justification) {
      pdf
        .font(ITALIC)
        .fontSize(8)
        .text(cells.justification, DESCRIPTION.x, flow.y + 2, { width: JUSTIFICATION_WIDTH });
      flow.y += justificationHeight;
    }
    flow.y += ROW_PADDING;
  }
  flow.onNewPage = null;
  rule(flow);
  flow.y += ROW_PADDING;
}

const TOTAL_COLUMNS = [
  { x: LEFT + mm(50), width: mm(55), align: 'left' },
  { x: LEFT + mm(105), width: mm(20), align: 'right' },
  { x: LEFT + mm(125), width: mm(16), align: 'right' },
  { x: LEFT + mm(141), width: mm(24), align: 'right' },
] as const;

/** Net, tax and gross per rate (§14 Abs.4 Nr.8 UStG), then the total; kept together on one page. */
export function drawTotals(flow: LetterFlow, doc: InvoiceDocument): void {
  const rows = taxTotalRows(doc);
  flow.ensure(12 * (rows.length + 2) + 8);
  const { pdf } = flow;
  const row = (cells: readonly string[], font: string) => {
    pdf.font(font).fontSize(BODY_SIZE);
    cells.forEach((text, index) => {
      const column = TOTAL_COLUMNS[index];
      if (column) pdf.text(text, column.x, flow.y, { width: column.width, align: column.align, lineBreak: false });
    });
    flow.y += 12;
  };
  row(TOTALS_HEADINGS, BOLD);
  for (const cells of rows) row(cells, FONT);
  flow.y += 3;
  pdf.save().lineWidth(0.5).moveTo(TOTAL_COLUMNS[0].x, flow.y).lineTo(RIGHT, flow.y).stroke().restore();
  flow.y += 4;
  pdf.font(BOLD).fontSize(10).text(totalLabel(doc), TOTAL_COLUMNS[0].x, flow.y, { lineBreak: false });
  pdf.text(euro(doc.totalCents), LEFT, flow.y, { width: WIDTH, align: 'right', lineBreak: false });
  flow.y += 14 + mm(1);
}
