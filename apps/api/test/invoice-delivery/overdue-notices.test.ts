import { overdueNoticeDueDate } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, overdueNotices } from '../../src/db/schema.js';
import { issueTestInvoice, type SendingPractice, sendingPractice, updatePatient } from '../invoice-send-fixtures.js';
import { auditRows } from '../patient-fixtures.js';
import { call, createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
let practice: SendingPractice;
let foreign: SendingPractice;

beforeAll(async () => {
  t = await createTestApp();
  practice = await sendingPractice(t);
  foreign = await sendingPractice(t);
});
afterAll(() => t.close());

const create = (cookie: string, invoiceId: number, type: 'reminder' | 'notice') =>
  call(t.app, cookie, { method: 'POST', url: '/api/invoice/overdue-notice', payload: { invoiceId, type } });
const search = (cookie: string, payload: Record<string, unknown>) =>
  call(t.app, cookie, { method: 'POST', url: '/api/invoice/overdue-notice/search', payload });
const noticeRow = async (id: number) =>
  (await t.database.db.select().from(overdueNotices).where(eq(overdueNotices.id, id)))[0];

describe('creating reminders and the final notice', () => {
  it('numbers the levels, freezes the letter from the invoice, dates it by the practice term and audits it', async () => {
    await t.database.db.update(customers).set({ paymentTermOverdueNotice: 7 }).where(eq(customers.id, practice.id));
    const invoice = await issueTestInvoice(t, practice);
    const first = await create(practice.therapist.cookie, invoice.id, 'reminder');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      invoiceId: invoice.id,
      type: 'reminder',
      number: 1,
      state: 'created',
      sent: false,
      dueDate: overdueNoticeDueDate(new Date(), 7),
      fileName: `1-Zahlungserinnerung-zu-Rechnung-Nr-${invoice.invoiceNumber}.pdf`,
      digitalSendAvailability: 'yes',
    });
    const firstRow = await noticeRow(first.json().id);
    expect(firstRow?.document.recipient).toEqual(invoice.document.recipient);
    expect(firstRow?.document.bank).toEqual(invoice.document.bank);
    expect(firstRow?.document.invoice).toMatchObject({
      invoiceNumber: String(invoice.invoiceNumber),
      totalCents: 10_055,
    });
    expect(firstRow?.document.paragraphs.join(' ')).toMatch(/Aufmerksamkeit entgangen/);
    expect(firstRow?.document.paragraphs.join(' ')).not.toMatch(/§ 286 BGB/);
    expect(firstRow?.document.paragraphs.join(' ')).toMatch(/100,55\s€/);

    const second = await create(practice.assistant.cookie, invoice.id, 'reminder');
    expect(second.json()).toMatchObject({ number: 2, type: 'reminder' });
    expect((await noticeRow(second.json().id))?.document.paragraphs.join(' ')).toMatch(/§ 286 BGB in Zahlungsverzug/);
    const final = await create(practice.therapist.cookie, invoice.id, 'notice');
    expect(final.statusCode).toBe(201);
    expect(final.json()).toMatchObject({ number: 3, type: 'notice', fileName: expect.stringMatching(/^Mahnung-zu/) });
    expect((await noticeRow(final.json().id))?.document.paragraphs.join(' ')).toMatch(/letztmalig/);

    for (const type of ['notice', 'reminder'] as const) {
      const again = await create(practice.therapist.cookie, invoice.id, type);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('error.overdueNoticeFinalExists');
    }
    const audit = await auditRows(t, practice.patient.id, 'overdueNotice');
    expect(audit.filter((row) => row.action === 'create')).toHaveLength(3);
  });

  it('gives concurrent requests distinct levels and makes only one final notice', async () => {
    const invoice = await issueTestInvoice(t, practice);
    const reminders = await Promise.all([1, 2, 3].map(() => create(practice.therapist.cookie, invoice.id, 'reminder')));
    expect(reminders.map((response) => response.json().number).sort()).toEqual([1, 2, 3]);
    const finals = await Promise.all([1, 2].map(() => create(practice.assistant.cookie, invoice.id, 'notice')));
    expect(finals.map((response) => response.statusCode).sort()).toEqual([201, 409]);
  });

  it('is refused for invoices not in state created, for DRS, and for invoices the caller cannot see', async () => {
    const paid = await issueTestInvoice(t, practice, { state: 'paid' });
    expect((await create(practice.therapist.cookie, paid.id, 'reminder')).json()).toMatchObject({
      status: 409,
      code: 'error.invoiceStateForbids',
    });
    const deleted = await issueTestInvoice(t, practice, { state: 'deleted' });
    expect((await create(practice.therapist.cookie, deleted.id, 'reminder')).statusCode).toBe(404);
    const invoice = await issueTestInvoice(t, practice);
    expect((await create(practice.drs.cookie, invoice.id, 'reminder')).statusCode).toBe(403);
    expect((await create(practice.otherTherapist.cookie, invoice.id, 'reminder')).statusCode).toBe(404);
    const foreignInvoice = await issueTestInvoice(t, foreign);
    const fromOtherPractice = await create(practice.assistant.cookie, foreignInvoice.id, 'reminder');
    const missing = await create(practice.assistant.cookie, 2_000_000_000, 'reminder');
    expect(fromOtherPractice.statusCode).toBe(404);
    expect(fromOtherPractice.json()).toEqual({ ...missing.json(), requestId: fromOtherPractice.json().requestId });
    const invalid = await call(t.app, practice.therapist.cookie, {
      method: 'POST',
      url: '/api/invoice/overdue-notice',
      payload: { invoiceId: invoice.id, type: 'final' },
    });
    expect(invalid.statusCode).toBe(422);
  });

  it("answers 400 'Adresse fehlt.' naming the fields the patient's current record lacks", async () => {
    const invoice = await issueTestInvoice(t, practice);
    await updatePatient(t, practice.therapist.cookie, practice.patient.id, { street: null, city: null });
    try {
      const response = await create(practice.therapist.cookie, invoice.id, 'reminder');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        detail: 'Adresse fehlt.',
        code: 'error.invoiceAddressMissing',
        validationMessages: { street: ['error.required'], city: ['error.required'] },
        params: { fields: 'street,city' },
      });
      expect(response.json().validationMessages.postalCode).toBeUndefined();
    } finally {
      await updatePatient(t, practice.therapist.cookie, practice.patient.id, {
        street: 'Lindenallee 5',
        city: 'Berlin',
      });
    }
  });
});

describe('listing, marking sent, downloading and deleting notices', () => {
  it('pages 10 at a time, marks sent by post, serves the stored PDF inline or as attachment, hides deleted ones', async () => {
    const invoice = await issueTestInvoice(t, practice);
    const ids: number[] = [];
    for (let level = 0; level < 11; level++)
      ids.push((await create(practice.therapist.cookie, invoice.id, 'reminder')).json().id);
    const firstPage = await search(practice.therapist.cookie, { invoiceId: invoice.id });
    expect(firstPage.statusCode).toBe(200);
    expect(firstPage.json()).toMatchObject({ maxItems: 11, currentPage: 1, limit: 10 });
    expect(firstPage.json().list).toHaveLength(10);
    const secondPage = await search(practice.assistant.cookie, { invoiceId: invoice.id, page: 2 });
    expect(secondPage.json().list).toHaveLength(1);

    const id = ids[0] as number;
    const patch = (cookie: string, state: string) =>
      call(t.app, cookie, { method: 'PATCH', url: `/api/invoice/overdue-notice/${id}`, payload: { state } });
    expect((await patch(practice.therapist.cookie, 'created')).statusCode).toBe(422);
    expect((await patch(foreign.assistant.cookie, 'sent')).statusCode).toBe(404);
    expect((await patch(practice.therapist.cookie, 'sent')).statusCode).toBe(204);
    expect(await noticeRow(id)).toMatchObject({ state: 'sent' });

    const download = (cookie: string, query = '') =>
      call(t.app, cookie, { method: 'GET', url: `/api/invoice/overdue-notice/${id}/download/Mahnung.pdf${query}` });
    const inline = await download(practice.therapist.cookie);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="1-Zahlungserinnerung/);
    const stored = await t.app.ctx.storage.get((await noticeRow(id))?.pdfKey ?? '');
    expect(inline.rawPayload.equals(stored ?? Buffer.alloc(0))).toBe(true);
    expect(inline.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await download(practice.assistant.cookie, '?action=download')).headers['content-disposition']).toMatch(
      /^attachment; /,
    );
    expect((await download(practice.otherTherapist.cookie)).statusCode).toBe(404);
    expect((await download(foreign.owner.cookie)).statusCode).toBe(404);

    const remove = (cookie: string) =>
      call(t.app, cookie, { method: 'DELETE', url: `/api/invoice/overdue-notice/${id}` });
    expect((await remove(foreign.assistant.cookie)).statusCode).toBe(404);
    expect((await remove(practice.therapist.cookie)).statusCode).toBe(204);
    expect(await noticeRow(id)).toMatchObject({ state: 'deleted' });
    expect((await remove(practice.therapist.cookie)).statusCode).toBe(404);
    expect((await download(practice.therapist.cookie)).statusCode).toBe(404);
    const after = await search(practice.therapist.cookie, { invoiceId: invoice.id, limit: 100 });
    expect(after.json().maxItems).toBe(10);
    expect(after.json().list.map((notice: { id: number }) => notice.id)).not.toContain(id);
    expect((await search(foreign.assistant.cookie, { invoiceId: invoice.id })).statusCode).toBe(404);
    expect((await search(practice.otherTherapist.cookie, { invoiceId: invoice.id })).statusCode).toBe(404);
  });
});
