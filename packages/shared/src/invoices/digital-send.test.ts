import { describe, expect, it } from 'vitest';
import { digitalSendAvailability, isMobileNumber } from './digital-send.js';
import { INVOICE_SEND_LIMIT } from './invoice-schemas.js';

const mobile = '+4915123456789';
const landline = '+49301234567';

describe('digitalSendAvailability (spec §3)', () => {
  it('is yes for a patient who accepts digital invoices, has a mobile number and sends are left', () => {
    expect(digitalSendAvailability({ invoiceDigital: 'yes', phone: mobile, sendCount: 0 })).toBe('yes');
    expect(digitalSendAvailability({ invoiceDigital: 'yes', phone: mobile, sendCount: INVOICE_SEND_LIMIT - 1 })).toBe(
      'yes',
    );
  });

  it('answers no digital first, then not mobile, then limit exceeded', () => {
    expect(digitalSendAvailability({ invoiceDigital: 'no', phone: null, sendCount: 9 })).toBe('no digital');
    expect(digitalSendAvailability({ invoiceDigital: 'yes', phone: null, sendCount: 9 })).toBe('not mobile');
    expect(digitalSendAvailability({ invoiceDigital: 'yes', phone: landline, sendCount: 0 })).toBe('not mobile');
    expect(digitalSendAvailability({ invoiceDigital: 'yes', phone: mobile, sendCount: INVOICE_SEND_LIMIT })).toBe(
      'limit exceeded',
    );
  });
});

describe('isMobileNumber', () => {
  it('accepts German mobile numbers in either form and refuses landlines, blanks and garbage', () => {
    expect(isMobileNumber(mobile)).toBe(true);
    expect(isMobileNumber('0151 23456789', 'DE')).toBe(true);
    expect(isMobileNumber(landline)).toBe(false);
    expect(isMobileNumber('030 1234567', 'DE')).toBe(false);
    expect(isMobileNumber('  ')).toBe(false);
    expect(isMobileNumber('abc')).toBe(false);
  });

  it('accepts FIXED_LINE_OR_MOBILE numbers (the US does not tell them apart)', () => {
    expect(isMobileNumber('+1 201 555 0123')).toBe(true);
  });
});
