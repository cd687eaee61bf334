import type { InvoiceListItem } from '@praxia/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overdueNotices } from '../../src/db/schema.js';
import { api } from '../calendar-fixtures.js';
import {
  type InvoicePractice,
  invoiceableAppointment,
  invoicePractice,
  invoiceRow,
  issue,
  setPatient,
  setUser,
} from '../invoice-fixtures.js';
import { createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
let team: InvoicePractice;
let other: InvoicePractice;
/** Issued in beforeAll: two of the therapist (870 ×1 and ×2), one of the colleague (870 ×3). */
const issued: { small: InvoiceListItem; middle: InvoiceListItem; large: InvoiceListItem } = {} as never;

beforeAll(async () => {
  t = await createTestApp();
  team = await invoicePractice(t);
  other = await invoicePractice(t);
  const bill = async (cookie: string, count: number) => {
    const first = await invoiceableAppointment(t, cookie);
    const ids = [first.id];
    for (let index = 1; index < count; index++) {
      ids.push((await invoiceableAppointment(t, cookie, { clientId: first.clientId })).id);
    }
    const [invoice] = await issue(t, cookie, { appointmentIds: ids });
    if (!invoice) throw new Error('no invoice');
    return invoice;
  };
  issued.small = await bill(team.therapist.cookie, 1);
  issued.large = await bill(team.otherTherapist.cookie, 3);
  issued.middle = await bill(team.therapist.cookie, 2);
  await bill(other.therapist.cookie, 1);
});
afterAll(() => t.close());

const list = async (cookie: string, query = '') => {
  const response = await api(t, cookie, 'GET', `/invoice${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { list: InvoiceListItem[]; maxItems: number; currentPage: number; limit: number };
};
const ids = (page: { list: InvoiceListItem[] }) => page.list.map((item) => item.id);

describe('GET /invoice', () => {
  it('shows a therapist only their own, newest first; an assistant or owner the practice’s, per therapist on request', async () => {
    expect(ids(await list(team.therapist.cookie))).toEqual([issued.middle.id, issued.small.id]);
    // A therapist's filter cannot reach a colleague.
    expect(ids(await list(team.therapist.cookie, `?therapistId=${team.otherTherapist.id}`))).toEqual([
      issued.middle.id,
      issued.small.id,
    ]);
    const practice = await list(team.assistant.cookie);
    expect(practice).toMatchObject({ maxItems: 3, currentPage: 1, limit: 50 });
    expect(ids(practice)).toEqual([issued.middle.id, issued.large.id, issued.small.id]);
    expect(ids(await list(team.owner.cookie, `?therapistId=${team.otherTherapist.id}`))).toEqual([issued.large.id]);
    expect(ids(await list(team.assistant.cookie, `?therapistId=${other.therapist.id}`))).toEqual([]);
  });

  it('sorts by the whitelisted columns and pages', async () => {
    expect(ids(await list(team.assistant.cookie, '?orderBy=amount&descending=false'))).toEqual([
      issued.small.id,
      issued.middle.id,
      issued.large.id,
    ]);
    expect(ids(await list(team.assistant.cookie, '?orderBy=invoiceNumber&descending=true'))).toEqual([
      issued.middle.id,
      issued.large.id,
      issued.small.id,
    ]);
    const second = await list(team.assistant.cookie, '?orderBy=amount&descending=true&limit=10&page=2');
    expect(second).toMatchObject({ list: [], maxItems: 3, currentPage: 2, limit: 10 });
    const zero = await list(team.assistant.cookie, '?limit=0');
    expect(zero).toMatchObject({ limit: 1000, maxItems: 3 });
    const paged = await list(team.assistant.cookie, '?orderBy=amount&descending=true&limit=1&page=2');
    expect(paged).toMatchObject({ maxItems: 3, currentPage: 2, limit: 1 });
    expect(ids(paged)).toEqual([issued.middle.id]);
    expect((await api(t, team.assistant.cookie, 'GET', '/invoice?orderBy=password')).statusCode).toBe(422);
  });

  it('filters by the creation date range', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(
      ids(await list(team.assistant.cookie, `?dateStart=${today}T00:00:00&dateEnd=2099-01-01T23:59:59`)),
    ).toHaveLength(3);
    expect(ids(await list(team.assistant.cookie, '?dateStart=2099-01-01T00:00:00'))).toEqual([]);
    expect(ids(await list(team.assistant.cookie, '?dateEnd=2020-01-01T23:59:59'))).toEqual([]);
  });

  it('carries the row fields: amount in euros, client name, file name, sending availability and the latest notice', async () => {
    const row = (await list(team.therapist.cookie)).list.find((item) => item.id === issued.small.id);
    expect(row).toMatchObject({
      amount: 100.55,
      state: 'created',
      sent: false,
      filename: `Rechnung-${issued.small.invoiceNumber}.pdf`,
      userName: expect.stringContaining('Paula Probe-'),
      digitalSendAvailability: 'not mobile',
      overdueNoticeType: null,
      overdueNoticeNumber: null,
      overdueNoticeSent: null,
    });
    expect(row?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(row?.dueDate).toMatch(/^\d{4}-\d\d-\d\d$/);
    await setUser(t, issued.small.clientId, { phone: '+4915123456789' });
    const invoice = await invoiceRow(t, issued.small.id);
    const notice = (type: 'reminder' | 'notice', number: number, state: 'created' | 'sent' | 'deleted') => ({
      invoiceId: invoice.id,
      customerId: invoice.customerId,
      type,
      number,
      state,
      dueDate: invoice.dueDate,
      document: {} as never,
      pdfKey: 'practices/1/notices/x.pdf',
      fileName: `Mahnung-${number}`,
    });
    await t.database.db.insert(overdueNotices).values(notice('reminder', 1, 'sent'));
    await t.database.db.insert(overdueNotices).values(notice('notice', 2, 'deleted'));
    const withNotice = (await list(team.therapist.cookie)).list.find((item) => item.id === issued.small.id);
    expect(withNotice).toMatchObject({
      digitalSendAvailability: 'yes',
      overdueNoticeType: 'reminder',
      overdueNoticeNumber: 1,
      overdueNoticeSent: true,
    });
    await setPatient(t, issued.small.clientId, { invoiceDigital: 'no' });
    const paper = (await list(team.therapist.cookie)).list.find((item) => item.id === issued.small.id);
    expect(paper?.digitalSendAvailability).toBe('no digital');
  });

  it('refuses patients and admins', async () => {
    for (const cookie of [team.patientAccount.cookie, team.admin.cookie]) {
      expect((await api(t, cookie, 'GET', '/invoice')).statusCode).toBe(403);
    }
  });
});

describe('GET /invoice/{id}/file', () => {
  it('serves the stored PDF and Word file as attachments, and the PDF inline under any tab name', async () => {
    const pdf = await api(t, team.therapist.cookie, 'GET', `/invoice/${issued.small.id}/file?type=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.headers['content-disposition']).toContain(
      `attachment; filename="Rechnung-${issued.small.invoiceNumber}.pdf"`,
    );
    const stored = await t.app.ctx.storage.get((await invoiceRow(t, issued.small.id)).pdfKey);
    expect(pdf.rawPayload.equals(stored ?? Buffer.alloc(0))).toBe(true);
    const docx = await api(t, team.assistant.cookie, 'GET', `/invoice/${issued.small.id}/file?type=docx`);
    expect(docx.statusCode).toBe(200);
    expect(docx.headers['content-disposition']).toContain(`filename="Rechnung-${issued.small.invoiceNumber}.docx"`);
    expect(docx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const inline = await api(t, team.therapist.cookie, 'GET', `/invoice/${issued.small.id}/file/Rechnung.pdf?type=pdf`);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="Rechnung-\d+\.pdf"/);
    expect(inline.headers['cache-control']).toBe('private, no-store');
    expect((await api(t, team.therapist.cookie, 'GET', `/invoice/${issued.small.id}/file?type=txt`)).statusCode).toBe(
      422,
    );
  });

  it('answers a foreign, a colleague’s or a missing invoice alike (404) and refuses Word to the DRS therapist', async () => {
    const foreign = await api(t, other.assistant.cookie, 'GET', `/invoice/${issued.small.id}/file?type=pdf`);
    const missing = await api(t, other.assistant.cookie, 'GET', '/invoice/2000000000/file?type=pdf');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe(missing.json().detail);
    expect((await api(t, team.therapist.cookie, 'GET', `/invoice/${issued.large.id}/file?type=pdf`)).statusCode).toBe(
      404,
    );
    const drsAppointment = await invoiceableAppointment(t, team.drs.cookie);
    const [drsInvoice] = await issue(t, team.assistant.cookie, { appointmentIds: [drsAppointment.id] });
    expect(ids(await list(team.drs.cookie))).toEqual([drsInvoice?.id]);
    expect((await api(t, team.drs.cookie, 'GET', `/invoice/${drsInvoice?.id}/file?type=pdf`)).statusCode).toBe(200);
    expect((await api(t, team.drs.cookie, 'GET', `/invoice/${drsInvoice?.id}/file?type=docx`)).statusCode).toBe(403);
  });
});

describe('GET /invoice/monthly-summary', () => {
  it('sums the standing invoices per month, without cancelled, deleted ones and cancellations', async () => {
    const month = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' }).slice(0, 7);
    const summary = await api(
      t,
      team.assistant.cookie,
      'GET',
      `/invoice/monthly-summary?therapistId=${team.otherTherapist.id}`,
    );
    expect(summary.json()).toEqual({
      list: [{ month, amount: 301.65, paid: 0, open: 301.65 }],
      total: 301.65,
      paid: 0,
      open: 301.65,
    });
    const own = await api(t, team.therapist.cookie, 'GET', '/invoice/monthly-summary');
    expect(own.json()).toEqual({
      list: [{ month, amount: 301.65, paid: 0, open: 301.65 }],
      total: 301.65,
      paid: 0,
      open: 301.65,
    });
    const cancelled = await api(t, team.therapist.cookie, 'PATCH', `/invoice/${issued.middle.id}`, {
      state: 'cancelled',
    });
    expect(cancelled.statusCode).toBe(200);
    const after = await api(t, team.therapist.cookie, 'GET', '/invoice/monthly-summary');
    expect(after.json()).toEqual({
      list: [{ month, amount: 100.55, paid: 0, open: 100.55 }],
      total: 100.55,
      paid: 0,
      open: 100.55,
    });
    await api(t, team.owner.cookie, 'DELETE', `/invoice/${issued.small.id}`);
    expect((await api(t, team.therapist.cookie, 'GET', '/invoice/monthly-summary')).json()).toEqual({
      list: [],
      total: 0,
      paid: 0,
      open: 0,
    });
    expect((await api(t, team.patientAccount.cookie, 'GET', '/invoice/monthly-summary')).statusCode).toBe(403);
  });
});
