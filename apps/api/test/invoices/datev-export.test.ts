import { type InvoiceListItem, toPracticeIsoDate } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patients } from '../../src/db/schema.js';
import { api } from '../calendar-fixtures.js';
import {
  type InvoicePractice,
  invoiceableAppointment,
  invoicePractice,
  invoiceRow,
  issue,
  setPractice,
} from '../invoice-fixtures.js';
import { createTestApp, type TestApp } from '../test-app.js';

/*
 * A reader of DATEV's booking batch written here from DATEV's published description of the format (DATEV-Format,
 * Buchungsstapel, header version 700, format version 13), not from our writer: the header record's 31 fields, the
 * column line, and each booking's fields as DATEV checks them on import.
 */
type DatevRecord = string[];
function splitRecord(line: string): DatevRecord {
  const fields: string[] = [];
  let field = '';
  let inQuotes = false;
  for (let index = 0; index < line.length; index++) {
    const char = line[index];
    if (inQuotes && char === '"' && line[index + 1] === '"') {
      field += '"';
      index++;
    } else if (char === '"') {
      inQuotes = !inQuotes;
    } else if (char === ';' && !inQuotes) {
      fields.push(field);
      field = '';
    } else {
      field += char;
    }
  }
  fields.push(field);
  return fields;
}

type DatevBookingLine = {
  amount: string;
  side: string;
  currency: string;
  account: string;
  contraAccount: string;
  documentDate: string;
  reference1: string;
  reference2: string;
  text: string;
};

function readDatevBatch(bytes: Buffer) {
  const text = iconv.decode(bytes, 'win1252');
  expect(text.endsWith('\r\n'), 'lines end in CR LF').toBe(true);
  const lines = text.slice(0, -2).split('\r\n');
  expect(lines.every((line) => !line.includes('\n'))).toBe(true);
  const [headerLine, columnLine, ...bookingLines] = lines;
  const header = splitRecord(headerLine ?? '');
  expect(header, 'the header record has 31 fields').toHaveLength(31);
  const columns = splitRecord(columnLine ?? '');
  const bookings = bookingLines.map((line): DatevBookingLine => {
    const fields = splitRecord(line);
    expect(fields).toHaveLength(columns.length);
    const at = (name: string) => fields[columns.indexOf(name)] ?? '';
    return {
      amount: at('Umsatz (ohne Soll/Haben-Kz)'),
      side: at('Soll/Haben-Kennzeichen'),
      currency: at('WKZ Umsatz'),
      account: at('Konto'),
      contraAccount: at('Gegenkonto (ohne BU-Schlüssel)'),
      documentDate: at('Belegdatum'),
      reference1: at('Belegfeld 1'),
      reference2: at('Belegfeld 2'),
      text: at('Buchungstext'),
    };
  });
  for (const booking of bookings) {
    // Amount: positive, decimal comma, no thousands separator, at most 10 digits before the comma.
    expect(booking.amount).toMatch(/^\d{1,10},\d{2}$/);
    expect(['S', 'H']).toContain(booking.side);
    expect(booking.account).toMatch(/^\d{4,9}$/);
    expect(booking.contraAccount).toMatch(/^\d{4,9}$/);
    // Belegdatum: DDMM, the year comes from the header's period.
    expect(booking.documentDate).toMatch(/^(0[1-9]|[12]\d|3[01])(0[1-9]|1[0-2])$/);
    expect(booking.reference1).toMatch(/^[A-Za-z0-9$&%*+\-/]{0,36}$/);
    expect(booking.reference2.length).toBeLessThanOrEqual(12);
    expect(booking.text.length).toBeLessThanOrEqual(60);
  }
  return {
    header: {
      marker: header[0],
      headerVersion: header[1],
      category: header[2],
      formatName: header[3],
      formatVersion: header[4],
      createdAt: header[5],
      consultantNumber: header[10],
      clientNumber: header[11],
      fiscalYearStart: header[12],
      accountLength: header[13],
      from: header[14],
      to: header[15],
      bookingType: header[18],
      currency: header[21],
      chart: header[26],
    },
    columns,
    bookings,
  };
}

let t: TestApp;
let team: InvoicePractice;
let other: InvoicePractice;
let goae: InvoiceListItem;
let coaching: InvoiceListItem;
let colleagues: InvoiceListItem;
const today = toPracticeIsoDate(new Date());
const year = today.slice(0, 4);
const ddmm = `${today.slice(8, 10)}${today.slice(5, 7)}`;
const thisYear = `?dateStart=${year}-01-01&dateEnd=${today}`;

const exportBatch = (cookie: string, query = thisYear) => api(t, cookie, 'GET', `/invoice/export/datev${query}`);

beforeAll(async () => {
  t = await createTestApp();
  team = await invoicePractice(t);
  other = await invoicePractice(t);
  const first = await invoiceableAppointment(t, team.therapist.cookie, { booking: { lastName: 'Müller' } });
  [goae] = (await issue(t, team.therapist.cookie, { appointmentIds: [first.id] })) as [InvoiceListItem];
  const second = await invoiceableAppointment(t, team.therapist.cookie, {
    fees: [{ coachingTitle: '50 min Coaching', coachingAmount: '100,00', tax: 'add' }],
  });
  [coaching] = (await issue(t, team.therapist.cookie, { appointmentIds: [second.id] })) as [InvoiceListItem];
  const third = await invoiceableAppointment(t, team.otherTherapist.cookie);
  [colleagues] = (await issue(t, team.otherTherapist.cookie, { appointmentIds: [third.id] })) as [InvoiceListItem];
  const foreign = await invoiceableAppointment(t, other.therapist.cookie);
  await issue(t, other.therapist.cookie, { appointmentIds: [foreign.id] });
  await setPractice(t, other, { datevConsultantNumber: 29098, datevClientNumber: 1 });
});
afterAll(() => t.close());

describe('the practice’s DATEV settings', () => {
  it('are saved by the owner within DATEV’s ranges (Beraternummer 1001–9999999, Mandantennummer 1–99999)', async () => {
    const patch = (values: Record<string, unknown>) =>
      api(t, team.owner.cookie, 'PATCH', `/customer/${team.id}`, values);
    const tooSmall = await patch({ datevConsultantNumber: '1000', datevClientNumber: '100000' });
    expect(tooSmall.statusCode).toBe(422);
    expect(Object.keys(tooSmall.json().validationMessages).sort()).toEqual([
      'datevClientNumber',
      'datevConsultantNumber',
    ]);
    const saved = await patch({ datevConsultantNumber: '1234567', datevClientNumber: '42', datevChart: 'SKR04' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ datevConsultantNumber: 1234567, datevClientNumber: 42, datevChart: 'SKR04' });
  });
});

describe('GET /invoice/export/datev', () => {
  it('refuses without the adviser’s numbers (409) and a period beyond one fiscal year or backwards (422)', async () => {
    await setPractice(t, team, { datevConsultantNumber: null, datevClientNumber: null });
    const missing = await exportBatch(team.assistant.cookie);
    expect(missing.statusCode).toBe(409);
    expect(missing.json().code).toBe('error.datevNumbersMissing');
    await setPractice(t, team, { datevConsultantNumber: 1234567, datevClientNumber: 42, datevChart: 'SKR04' });
    const acrossYears = await exportBatch(
      team.assistant.cookie,
      `?dateStart=${Number(year) - 1}-12-01&dateEnd=${today}`,
    );
    expect(acrossYears.statusCode).toBe(422);
    expect(acrossYears.json().validationMessages).toEqual({ dateEnd: ['error.datevOneFiscalYear'] });
    const backwards = await exportBatch(team.assistant.cookie, `?dateStart=${today}&dateEnd=${year}-01-01`);
    expect(backwards.statusCode).toBe(today === `${year}-01-01` ? 200 : 422);
    expect((await exportBatch(team.assistant.cookie, '?dateStart=2026-02-30&dateEnd=2026-03-01')).statusCode).toBe(422);
  });

  it('writes the header DATEV requires and one booking per tax case: §4 Nr. 14 UStG exempt and 19 % revenue (SKR 04)', async () => {
    await setPractice(t, team, { datevConsultantNumber: 1234567, datevClientNumber: 42, datevChart: 'SKR04' });
    const response = await exportBatch(team.assistant.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=windows-1252');
    expect(response.headers['content-disposition']).toContain(
      `EXTF_Buchungsstapel_${year}0101_${today.replaceAll('-', '')}.csv`,
    );
    const batch = readDatevBatch(response.rawPayload);
    expect(batch.header).toMatchObject({
      marker: 'EXTF',
      headerVersion: '700',
      category: '21',
      formatName: 'Buchungsstapel',
      formatVersion: '13',
      consultantNumber: '1234567',
      clientNumber: '42',
      fiscalYearStart: `${year}0101`,
      accountLength: '4',
      from: `${year}0101`,
      to: today.replaceAll('-', ''),
      bookingType: '1',
      currency: 'EUR',
      chart: '04',
    });
    expect(batch.header.createdAt).toMatch(/^\d{17}$/);
    expect(batch.columns.slice(0, 14)).toEqual([
      'Umsatz (ohne Soll/Haben-Kz)',
      'Soll/Haben-Kennzeichen',
      'WKZ Umsatz',
      'Kurs',
      'Basis-Umsatz',
      'WKZ Basis-Umsatz',
      'Konto',
      'Gegenkonto (ohne BU-Schlüssel)',
      'BU-Schlüssel',
      'Belegdatum',
      'Belegfeld 1',
      'Belegfeld 2',
      'Skonto',
      'Buchungstext',
    ]);
    const goaeRow = await invoiceRow(t, goae.id);
    const debtorOf = async (invoice: InvoiceListItem) => {
      const row = await invoiceRow(t, invoice.id);
      const [patient] = await t.database.db.select().from(patients).where(eq(patients.userId, row.clientId));
      if (!patient) throw new Error('no patient');
      return String(10000 + patient.patientNumber);
    };
    expect(batch.bookings).toEqual([
      {
        amount: '100,55',
        side: 'S',
        currency: 'EUR',
        account: await debtorOf(goae),
        contraAccount: '4100',
        documentDate: ddmm,
        reference1: String(goaeRow.invoiceNumber),
        reference2: '',
        text: `Rechnung ${goaeRow.invoiceNumber} ${goaeRow.document.patient.name}`,
      },
      expect.objectContaining({
        amount: '119,00',
        side: 'S',
        contraAccount: '4400',
        account: await debtorOf(coaching),
      }),
      expect.objectContaining({
        amount: '100,55',
        side: 'S',
        contraAccount: '4100',
        account: await debtorOf(colleagues),
      }),
    ]);
    // Windows-1252: the ü of the patient's name is one byte, 0xFC.
    expect(goaeRow.document.patient.name).toContain('Müller');
    expect(response.rawPayload.includes(Buffer.from([0xfc]))).toBe(true);
    expect(response.rawPayload.includes(Buffer.from('ü', 'utf8'))).toBe(false);
  });

  it('books a Storno against the same accounts the other way, under the cancelled invoice’s number (SKR 03)', async () => {
    await setPractice(t, team, { datevChart: 'SKR03' });
    const cancelled = await api(t, team.therapist.cookie, 'PATCH', `/invoice/${goae.id}`, { state: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const batch = readDatevBatch((await exportBatch(team.therapist.cookie)).rawPayload);
    const original = await invoiceRow(t, goae.id);
    const storno = batch.bookings.find((booking) => booking.side === 'H');
    expect(storno).toMatchObject({
      amount: '100,55',
      contraAccount: '8100',
      reference1: String(original.invoiceNumber),
      documentDate: ddmm,
    });
    expect(storno?.reference2).toMatch(/^\d+$/);
    expect(storno?.reference2).not.toBe(String(original.invoiceNumber));
    expect(storno?.text).toBe(
      `Storno ${storno?.reference2} zu ${original.invoiceNumber} ${original.document.patient.name}`,
    );
    // Both on the patient's debtor account, so they clear each other there.
    const invoiceBooking = batch.bookings.find(
      (booking) => booking.reference1 === String(original.invoiceNumber) && booking.side === 'S',
    );
    expect(invoiceBooking?.account).toBe(storno?.account);
    expect(batch.bookings.find((booking) => booking.amount === '119,00')?.contraAccount).toBe('8400');
    expect(batch.header.chart).toBe('03');
  });

  it('covers what the caller’s invoice list covers: a therapist’s own, never another practice’s; only the period', async () => {
    const own = readDatevBatch((await exportBatch(team.otherTherapist.cookie)).rawPayload);
    const colleagueRow = await invoiceRow(t, colleagues.id);
    expect(own.bookings.map((booking) => booking.reference1)).toEqual([String(colleagueRow.invoiceNumber)]);
    const practice = readDatevBatch((await exportBatch(team.owner.cookie)).rawPayload);
    const foreign = readDatevBatch((await exportBatch(other.therapist.cookie)).rawPayload);
    const foreignNumbers = foreign.bookings.map((booking) => booking.reference1);
    expect(foreignNumbers).toHaveLength(1);
    expect(practice.bookings.map((booking) => booking.text)).not.toContain(foreign.bookings[0]?.text);
    // A period before today's invoices: the header alone.
    const earlier = await exportBatch(
      team.owner.cookie,
      `?dateStart=${Number(year) - 1}-01-01&dateEnd=${Number(year) - 1}-12-31`,
    );
    expect(readDatevBatch(earlier.rawPayload).bookings).toEqual([]);
    expect((await exportBatch(team.admin.cookie)).statusCode).toBe(403);
  });

  it('books a payment received in the period: bank against the debtor, under the invoice’s number', async () => {
    await setPractice(t, team, { datevChart: 'SKR03' });
    const paid = await api(t, team.therapist.cookie, 'PATCH', `/invoice/${coaching.id}`, { state: 'paid' });
    expect(paid.statusCode, paid.body).toBe(200);
    const row = await invoiceRow(t, coaching.id);
    const batch = readDatevBatch((await exportBatch(team.therapist.cookie)).rawPayload);
    const issued = batch.bookings.find((booking) => booking.reference1 === String(row.invoiceNumber));
    expect(batch.bookings.filter((booking) => booking.account === '1200')).toEqual([
      {
        amount: '119,00',
        side: 'S',
        currency: 'EUR',
        account: '1200',
        contraAccount: issued?.account,
        documentDate: ddmm,
        reference1: String(row.invoiceNumber),
        reference2: '',
        text: `Zahlung Rechnung ${row.invoiceNumber}`,
      },
    ]);
    // Paid in another period: not in this one.
    const earlier = await exportBatch(
      team.therapist.cookie,
      `?dateStart=${Number(year) - 1}-01-01&dateEnd=${Number(year) - 1}-12-31`,
    );
    expect(readDatevBatch(earlier.rawPayload).bookings).toEqual([]);
  });
});
