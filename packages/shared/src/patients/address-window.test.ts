import { describe, expect, it } from 'vitest';
import { fitsAddressWindow } from './schemas.js';

describe('the invoice address and the letter’s window (DIN 5008 form B)', () => {
  it('fits six lines of up to 40 characters; blank lines and surrounding spaces do not count', () => {
    expect(fitsAddressWindow('Muster GmbH\nz. Hd. Frau Nowak\nHafenstraße 9\n20457 Hamburg')).toBe(true);
    expect(fitsAddressWindow(`A\n\nB\nC\nD\nE\n  ${'x'.repeat(40)}  `)).toBe(true);
  });

  it('does not fit a seventh line or a line of 41 characters', () => {
    expect(fitsAddressWindow('A\nB\nC\nD\nE\nF\nG')).toBe(false);
    expect(fitsAddressWindow(`${'x'.repeat(41)}\n12345 Ort`)).toBe(false);
  });
});
