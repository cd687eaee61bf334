import type { DocumentBank } from '@praxia/shared';
import QRCode from 'qrcode';

/** The beneficiary's name in a GiroCode: at most 70 characters (EPC069-12, field 6). */
export const EPC_NAME_MAX = 70;
/** The unstructured remittance text: at most 140 characters (field 11). */
const EPC_REMITTANCE_MAX = 140;

/**
 * The payload of an EPC QR code ('GiroCode', EPC069-12 version 002): service tag BCD, version 002, character set 1
 * (UTF-8), identification SCT, the BIC (optional in version 002, so an empty line without one), the name, the IBAN,
 * the amount as 'EUR123.45', an empty purpose and structured reference, then the remittance text. Lines end in LF;
 * the optional last field (a note to the payer) is left out, as the standard allows for trailing fields.
 */
export function epcPayload(bank: DocumentBank, amountCents: number, remittance: string): string {
  if (!Number.isInteger(amountCents) || amountCents < 1 || amountCents > 99_999_999_999) {
    throw new RangeError('A GiroCode carries an amount from EUR0.01 to EUR999999999.99');
  }
  const amount = `EUR${Math.floor(amountCents / 100)}.${String(amountCents % 100).padStart(2, '0')}`;
  return [
    'BCD',
    '002',
    '1',
    'SCT',
    bank.bic ?? '',
    [...bank.accountHolder.trim()].slice(0, EPC_NAME_MAX).join(''),
    bank.iban,
    amount,
    '',
    '',
    [...remittance].slice(0, EPC_REMITTANCE_MAX).join(''),
  ].join('\n');
}

export type QrMatrix = { size: number; isDark: (row: number, column: number) => boolean };

/** The code's modules; the EPC asks for error correction level M. The byte mode keeps UTF-8 as it is. */
export function qrMatrix(payload: string): QrMatrix {
  const { modules } = QRCode.create([{ data: Buffer.from(payload, 'utf8'), mode: 'byte' }], {
    errorCorrectionLevel: 'M',
  });
  return { size: modules.size, isDark: (row, column) => Boolean(modules.get(row, column)) };
}

/**
 * Draws the code as vectors (sharp at any zoom or print resolution, no image to embed): each horizontal run of dark
 * modules is one rectangle, all in one path filled once, so neighbouring modules show no seams. `size` is the side of
 * the code without its quiet zone, which the caller keeps white.
 */
export function drawQr(pdf: PDFKit.PDFDocument, matrix: QrMatrix, x: number, y: number, size: number): void {
  const module = size / matrix.size;
  pdf.save();
  for (let row = 0; row < matrix.size; row++) {
    let runStart = -1;
    for (let column = 0; column <= matrix.size; column++) {
      const dark = column < matrix.size && matrix.isDark(row, column);
      if (dark && runStart < 0) runStart = column;
      if (!dark && runStart >= 0) {
        pdf.rect(x + runStart * module, y + row * module, (column - runStart) * module, module);
        runStart = -1;
      }
    }
  }
  pdf.fill('#000000');
  pdf.restore();
}
