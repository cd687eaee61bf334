import type { DocumentBank } from '@praxia/shared';
import { drawQr, epcPayload, qrMatrix } from './epc-qr.js';
import { mm } from './format.js';
import { bankLines } from './invoice-content.js';
import { BOLD, drawSignature, FONT, LEFT, type LetterFlow, RIGHT, signatureHeight } from './pdf-letter.js';
import { toWinAnsi } from './win-ansi.js';

const QR_SIZE = mm(27);
const LINE_HEIGHT = 12;

/** `bank` as issued (not mapped to WinAnsi): the GiroCode is UTF-8. */
export type Payment = { bank: DocumentBank | null; amountCents: number; remittance: string };

/**
 * The letter's end: the bank details with the greeting and signature under them, and for an amount to pay the
 * GiroCode beside them on the right with its usual caption. Side by side, a one-page invoice keeps its signature on
 * page one. Nothing else is drawn within 8 mm of the code, more than the quiet zone of four modules it needs.
 */
export function drawPaymentAndSignature(flow: LetterFlow, payment: Payment, signature: string[]): void {
  const { bank } = payment;
  if (!bank) {
    drawSignature(flow, signature);
    return;
  }
  // The code carries the holder's name in UTF-8 as it is; the printed lines use the standard fonts' letters.
  const lines = bankLines(bank, payment.remittance).map(toWinAnsi);
  const matrix = payment.amountCents > 0 ? qrMatrix(epcPayload(bank, payment.amountCents, payment.remittance)) : null;
  const bankHeight = LINE_HEIGHT * (lines.length + 1) + mm(4);
  const height = Math.max(bankHeight + signatureHeight(signature), matrix ? QR_SIZE + mm(8) : 0);
  flow.ensure(height);
  const { pdf } = flow;
  const top = flow.y;
  pdf.font(BOLD).fontSize(10).text('Bankverbindung', LEFT, top, { lineBreak: false });
  pdf.font(FONT).fontSize(9.5);
  lines.forEach((line, index) => {
    pdf.text(line, LEFT, top + LINE_HEIGHT * (index + 1), { width: mm(110), lineBreak: false, ellipsis: true });
  });
  if (matrix) {
    const x = RIGHT - QR_SIZE;
    pdf.font(BOLD).fontSize(8).text('Zahlen mit Code', x, top, { width: QR_SIZE, align: 'center', lineBreak: false });
    drawQr(pdf, matrix, x, top + mm(5), QR_SIZE);
  }
  flow.y = top + bankHeight;
  drawSignature(flow, signature);
  flow.y = top + height;
}
