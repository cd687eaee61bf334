import { describe, expect, it } from 'vitest';
import { EPC_NAME_MAX, epcPayload, qrMatrix } from './epc-qr.js';

const bank = { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', accountHolder: 'Dr. Miriam Weber' };

describe('epcPayload (EPC069-12 version 002)', () => {
  it('writes the eleven fields separated by LF, the amount as EUR with two decimals', () => {
    expect(epcPayload(bank, 41_773, 'Rechnung 1042')).toBe(
      'BCD\n002\n1\nSCT\nCOBADEFFXXX\nDr. Miriam Weber\nDE89370400440532013000\nEUR417.73\n\n\nRechnung 1042',
    );
  });

  it.each([
    [1, 'EUR0.01'],
    [10_000, 'EUR100.00'],
    [123_456_789, 'EUR1234567.89'],
    [99_999_999_999, 'EUR999999999.99'],
  ])('%i cents are %s', (cents, amount) => {
    expect(epcPayload(bank, cents, 'x').split('\n')[7]).toBe(amount);
  });

  it.each([0, -100, 1.5, 100_000_000_000])('refuses an amount of %s cents', (cents) => {
    expect(() => epcPayload(bank, cents, 'x')).toThrow(RangeError);
  });

  it('leaves the BIC line empty without a BIC (optional in version 002)', () => {
    expect(epcPayload({ ...bank, bic: null }, 100, 'x').split('\n')[4]).toBe('');
  });

  it('cuts the name to 70 characters and the remittance text to 140, counting characters, not bytes', () => {
    const lines = epcPayload({ ...bank, accountHolder: 'Ä'.repeat(80) }, 100, 'ü'.repeat(150)).split('\n');
    expect(lines[5]).toBe('Ä'.repeat(EPC_NAME_MAX));
    expect(lines[10]).toBe('ü'.repeat(140));
  });
});

describe('qrMatrix', () => {
  it('encodes a typical payload in a small version (error correction M)', () => {
    const matrix = qrMatrix(epcPayload(bank, 41_773, 'Rechnung 1042'));
    // Version 5 or 6 (37 or 41 modules): small enough for 0.7 mm modules in a 27 mm code.
    expect(matrix.size).toBeLessThanOrEqual(41);
    expect(matrix.isDark(0, 0)).toBe(true);
  });
});
