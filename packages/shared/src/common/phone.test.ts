import { describe, expect, it } from 'vitest';
import { formatPhoneNumber, normalisePhoneNumber } from './phone.js';

describe('phone numbers', () => {
  it('stores what people write as E.164, German by default', () => {
    expect(normalisePhoneNumber('030 12345678')).toBe('+493012345678');
    expect(normalisePhoneNumber('030 123 abc')).toBeNull();
  });

  it('prints German numbers nationally and others internationally, and leaves unreadable ones as they are', () => {
    expect(formatPhoneNumber('+493012345678')).toBe('030 12345678');
    expect(formatPhoneNumber('+41441234567')).toBe('+41 44 123 45 67');
    expect(formatPhoneNumber('kein Anschluss')).toBe('kein Anschluss');
  });
});
