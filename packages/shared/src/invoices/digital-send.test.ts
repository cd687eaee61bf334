import { describe, expect, it } from 'vitest';
import { digitalSendAvailability, isMobilePhoneNumber } from './digital-send.js';

const base = { invoiceDigital: 'yes' as const, phone: '+4915123456789', phoneCountry: 'DE', sendCount: 0 };

describe('digitalSendAvailability', () => {
  it('is yes for a patient with a German mobile number and sends left', () => {
    expect(digitalSendAvailability(base)).toBe('yes');
    expect(digitalSendAvailability({ ...base, sendCount: 2 })).toBe('yes');
  });

  it('is no digital when the patient wants post only, before anything else', () => {
    expect(digitalSendAvailability({ ...base, invoiceDigital: 'no', phone: null, sendCount: 9 })).toBe('no digital');
  });

  it('is not mobile without a number or with a fixed line', () => {
    expect(digitalSendAvailability({ ...base, phone: null })).toBe('not mobile');
    expect(digitalSendAvailability({ ...base, phone: '+49301234567' })).toBe('not mobile');
    expect(digitalSendAvailability({ ...base, phone: '+49 30 1234567', sendCount: 5 })).toBe('not mobile');
  });

  it('is limit exceeded from the third send on', () => {
    expect(digitalSendAvailability({ ...base, sendCount: 3 })).toBe('limit exceeded');
    expect(digitalSendAvailability({ ...base, sendCount: 4 })).toBe('limit exceeded');
  });
});

describe('isMobilePhoneNumber', () => {
  it('reads national numbers in their country and accepts numbers that may be mobile', () => {
    expect(isMobilePhoneNumber('0151 23456789', 'DE')).toBe(true);
    expect(isMobilePhoneNumber('0664 1234567', 'AT')).toBe(true);
    // US numbers do not tell mobile from fixed line: FIXED_LINE_OR_MOBILE counts.
    expect(isMobilePhoneNumber('+12015550123')).toBe(true);
    expect(isMobilePhoneNumber('not a number')).toBe(false);
    expect(isMobilePhoneNumber('+4915')).toBe(false);
  });
});
