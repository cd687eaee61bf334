import { describe, expect, it } from 'vitest';
import { optionalBicField, optionalIbanField } from './bank-fields.js';

describe('optionalIbanField', () => {
  it('removes spaces, upper-cases and keeps a checksum-valid IBAN; empty is null', () => {
    expect(optionalIbanField.parse(' de89 3704 0044 0532 0130 00 ')).toBe('DE89370400440532013000');
    expect(optionalIbanField.parse('')).toBeNull();
    expect(optionalIbanField.parse(null)).toBeNull();
  });

  it.each(['DE89370400440532013001', 'DE8937040044053201300', 'GB82WEST1234569876543X', 'hello'])(
    'refuses %s with error.iban',
    (value) => {
      const result = optionalIbanField.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('error.iban');
    },
  );
});

describe('optionalBicField', () => {
  it('accepts 8 and 11 characters in any case', () => {
    expect(optionalBicField.parse('cobadeff')).toBe('COBADEFF');
    expect(optionalBicField.parse('COBA DEFF XXX')).toBe('COBADEFFXXX');
  });

  it.each(['COBADEF', 'COBADEFFXX', '12BADEFFXXX'])('refuses %s with error.bic', (value) => {
    expect(optionalBicField.safeParse(value).error?.issues[0]?.message).toBe('error.bic');
  });
});
