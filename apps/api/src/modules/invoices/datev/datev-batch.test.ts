import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { type DatevBooking, type DatevHeader, datevBatch } from './datev-batch.js';
import { debtorAccount } from './datev-bookings.js';

const header: DatevHeader = {
  consultantNumber: 1234567,
  clientNumber: 42,
  fiscalYearStart: '2026-01-01',
  from: '2026-01-01',
  to: '2026-12-31',
  chart: 'SKR03',
  label: 'Rechnungen 2026-01',
  createdAt: new Date('2026-11-27T09:08:07.006Z'),
};
const booking: DatevBooking = {
  amountCents: 123456,
  side: 'S',
  account: 10007,
  contraAccount: 8100,
  date: '2026-03-05',
  reference: '2026004',
  text: 'Rechnung 2026004 "Jürgen"; Straße',
};
const lines = (bytes: Buffer) => iconv.decode(bytes, 'win1252').split('\r\n');

describe('the DATEV booking batch (EXTF 700, Buchungsstapel 13)', () => {
  it('writes amounts with a decimal comma and no thousands separator, the date as DDMM, quotes doubled', () => {
    const [, , line] = lines(datevBatch(header, [booking, { ...booking, amountCents: 5, side: 'H' }]));
    expect(line).toBe('1234,56;"S";"EUR";;;;10007;8100;"";0503;"2026004";"";;"Rechnung 2026004 ""Jürgen""; Straße"');
    expect(lines(datevBatch(header, [{ ...booking, amountCents: 5, side: 'H' }]))[2]).toMatch(/^0,05;"H";/);
  });

  it('stamps the header with the creation time to the millisecond and the chart’s two digits', () => {
    const [first] = lines(datevBatch({ ...header, chart: 'SKR04' }, []));
    const fields = first?.split(';') ?? [];
    expect(fields.slice(0, 6)).toEqual(['"EXTF"', '700', '21', '"Buchungsstapel"', '13', '20261127090807006']);
    expect(fields[26]).toBe('"04"');
  });

  it('keeps Belegfeld 1 to the characters DATEV allows and refuses a booking outside the period or without amount', () => {
    const [, , line] = lines(datevBatch(header, [{ ...booking, reference: 'RE 2026/004_ä' }]));
    expect(line?.split(';')[10]).toBe('"RE2026/004"');
    expect(() => datevBatch(header, [{ ...booking, date: '2027-01-01' }])).toThrow(RangeError);
    expect(() => datevBatch(header, [{ ...booking, amountCents: 0 }])).toThrow(RangeError);
  });

  it('is Windows-1252: ü and € are one byte each', () => {
    const bytes = datevBatch(header, [{ ...booking, text: 'ü €' }]);
    expect(bytes.includes(Buffer.from([0xfc, 0x20, 0x80]))).toBe(true);
  });
});

describe('debtor accounts', () => {
  it('are 10000 plus the patient number, or the collective debtor 10000 beyond the personal range', () => {
    expect(debtorAccount(7)).toBe(10007);
    expect(debtorAccount(59999)).toBe(69999);
    expect(debtorAccount(60000)).toBe(10000);
    expect(debtorAccount(null)).toBe(10000);
    expect(debtorAccount(0)).toBe(10000);
  });
});
