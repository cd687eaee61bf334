import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { overdueNoticeDueDate, toPracticeIsoDate } from '@praxia/shared';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, overdueNotices } from '../../src/db/schema.js';
import {
  addPatient,
  daysAgo,
  issueTestInvoice,
  lapseReminder,
  type SendingPractice,
  sendingPractice,
  updatePatient,
} from '../invoice-send-fixtures.js';
import { auditRows } from '../patient-fixtures.js';
import { collapsed, pdfText } from '../pdf-text.js';
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
/** An invoice 30 days old, due 16 days ago: overdue, so reminders may follow. */
const overdueInvoice = (of: SendingPractice = practice) => issueTestInvoice(t, of, { issuedAt: daysAgo(30) });
const lapse = (cookie: string, noticeId: number) => lapseReminder(t, cookie, noticeId);

describe('creating reminders and the final notice', () => {
  it('numbers the levels, freezes the letter from the invoice, dates it by the practice term and audits it', async () => {
    await t.database.db.update(customers).set({ paymentTermOverdueNotice: 7 }).where(eq(customers.id, practice.id));
    const invoice = await overdueInvoice();
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

    await lapse(practice.therapist.cookie, first.json().id);
    const second = await create(practice.assistant.cookie, invoice.id, 'reminder');
    expect(second.json()).toMatchObject({ number: 2, type: 'reminder' });
    const secondText = (await noticeRow(second.json().id))?.document.paragraphs.join(' ');
    expect(secondText).toMatch(/auf unsere Zahlungserinnerung hin/);
    expect(secondText).toMatch(/§ 286 BGB in Zahlungsverzug/);
    const final = await create(practice.therapist.cookie, invoice.id, 'notice');
    expect(final.statusCode).toBe(201);
    expect(final.json()).toMatchObject({ number: 3, type: 'notice', fileName: expect.stringMatching(/^Mahnung-zu/) });
    // Only the first reminder went out: the final notice speaks of one.
    const finalText = (await noticeRow(final.json().id))?.document.paragraphs.join(' ');
    expect(finalText).toMatch(/letztmalig/);
    expect(finalText).toMatch(/trotz unserer Zahlungserinnerung ist/);

    for (const type of ['notice', 'reminder'] as const) {
      const again = await create(practice.therapist.cookie, invoice.id, type);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('error.overdueNoticeFinalExists');
    }
    const audit = await auditRows(t, practice.patient.id, 'overdueNotice');
    expect(audit.filter((row) => row.action === 'create')).toHaveLength(3);
  });

  it('gives concurrent requests distinct levels and makes only one final notice', async () => {
    const invoice = await overdueInvoice();
    const reminders = await Promise.all([1, 2, 3].map(() => create(practice.therapist.cookie, invoice.id, 'reminder')));
    expect(reminders.map((response) => response.json().number).sort()).toEqual([1, 2, 3]);
    await lapse(practice.therapist.cookie, reminders[0]?.json().id);
    const finals = await Promise.all([1, 2].map(() => create(practice.assistant.cookie, invoice.id, 'notice')));
    expect(finals.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    // A notice drawn for a level another request took first is drawn again; its stored PDF does not stay behind.
    const folder = join(t.app.ctx.config.dataDir, 'files', 'practices', String(practice.id), 'overdue-notices');
    const rows = await t.database.db
      .select()
      .from(overdueNotices)
      .where(like(overdueNotices.pdfKey, `practices/${practice.id}/%`));
    expect(readdirSync(folder).sort()).toEqual(rows.map((row) => row.pdfKey.split('/').pop()).sort());
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

describe('the calendar of dunning (§286 BGB)', () => {
  it('§286 BGB: refuses a payment reminder before and on the due date, with a German text; allows it the day after', async () => {
    for (const invoice of [
      await issueTestInvoice(t, practice),
      // Issued 14 days ago: due today, when paying is still on time.
      await issueTestInvoice(t, practice, { issuedAt: daysAgo(14) }),
    ]) {
      const refused = await create(practice.therapist.cookie, invoice.id, 'reminder');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'error.overdueReminderTooEarly',
        params: { dueDate: invoice.dueDate },
      });
      expect(refused.json().detail).toContain('Eine Zahlungserinnerung ist erst danach möglich.');
      expect((await create(practice.therapist.cookie, invoice.id, 'notice')).statusCode).toBe(409);
    }
    const overdue = await issueTestInvoice(t, practice, { issuedAt: daysAgo(15) });
    expect((await create(practice.therapist.cookie, overdue.id, 'reminder')).statusCode).toBe(201);
  });

  it('§286 BGB: a final notice only after a reminder that was sent and whose own deadline passed', async () => {
    const invoice = await overdueInvoice();
    const refusedNotice = async () => {
      const response = await create(practice.therapist.cookie, invoice.id, 'notice');
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('error.overdueNoticeTooEarly');
      expect(response.json().detail).toMatch(/versandt wurde und deren Zahlungsfrist abgelaufen ist/);
    };
    await refusedNotice();
    const reminder = (await create(practice.therapist.cookie, invoice.id, 'reminder')).json();
    // Created but not sent: the patient never saw it.
    await t.database.db
      .update(overdueNotices)
      .set({ dueDate: toPracticeIsoDate(daysAgo(1)) })
      .where(eq(overdueNotices.id, reminder.id));
    await refusedNotice();
    // Sent, but its deadline (today) has not passed.
    await call(t.app, practice.therapist.cookie, {
      method: 'PATCH',
      url: `/api/invoice/overdue-notice/${reminder.id}`,
      payload: { state: 'sent' },
    });
    await t.database.db
      .update(overdueNotices)
      .set({ dueDate: toPracticeIsoDate(new Date()) })
      .where(eq(overdueNotices.id, reminder.id));
    await refusedNotice();
    // A deleted reminder does not count, even when it went out.
    await lapse(practice.therapist.cookie, reminder.id);
    const removed = await call(t.app, practice.therapist.cookie, {
      method: 'DELETE',
      url: `/api/invoice/overdue-notice/${reminder.id}`,
    });
    expect(removed.statusCode).toBe(204);
    await refusedNotice();
    const again = (await create(practice.therapist.cookie, invoice.id, 'reminder')).json();
    await lapse(practice.therapist.cookie, again.id);
    expect((await create(practice.therapist.cookie, invoice.id, 'notice')).statusCode).toBe(201);
  });

  it('§286 BGB, §288 BGB: a reminder names default and interest only once the default exists', async () => {
    const invoice = await overdueInvoice();
    const first = (await create(practice.therapist.cookie, invoice.id, 'reminder')).json();
    await call(t.app, practice.therapist.cookie, {
      method: 'PATCH',
      url: `/api/invoice/overdue-notice/${first.id}`,
      payload: { state: 'sent' },
    });
    // The first reminder went out, but its deadline runs: firmer, no default yet.
    const second = await noticeRow((await create(practice.therapist.cookie, invoice.id, 'reminder')).json().id);
    expect(second?.document.paragraphs.join(' ')).toMatch(/auf unsere Zahlungserinnerung hin/);
    expect(second?.document.paragraphs.join(' ')).not.toMatch(/§ 28[68]|Verzug/);
    await lapse(practice.therapist.cookie, first.id);
    const third = await noticeRow((await create(practice.therapist.cookie, invoice.id, 'reminder')).json().id);
    expect(third?.document.paragraphs.join(' ')).toMatch(/§ 286 BGB in Zahlungsverzug.*§ 288 BGB/);
  });

  it('§286 Abs. 3 BGB: 30 days after due date and receipt of an invoice with the notice, the first reminder states the default', async () => {
    const text = async (options: Parameters<typeof issueTestInvoice>[2]) => {
      const invoice = await issueTestInvoice(t, practice, options);
      const created = await create(practice.therapist.cookie, invoice.id, 'reminder');
      expect(created.statusCode).toBe(201);
      return (await noticeRow(created.json().id))?.document.paragraphs.join(' ');
    };
    // Due 46 days ago, received 45 days ago.
    expect(await text({ issuedAt: daysAgo(60), sentAt: daysAgo(45) })).toMatch(/§ 286 BGB in Zahlungsverzug/);
    // Received only 20 days ago: the 30 days run from receipt.
    expect(await text({ issuedAt: daysAgo(60), sentAt: daysAgo(20) })).not.toMatch(/§ 286/);
    // Never marked sent: receipt unknown.
    expect(await text({ issuedAt: daysAgo(60) })).not.toMatch(/§ 286/);
    // An invoice without the notice: a consumer is not in default by §286 Abs. 3 BGB.
    expect(await text({ issuedAt: daysAgo(60), sentAt: daysAgo(45), defaultNotice: false })).not.toMatch(/§ 286/);
  });

  it("opens with the addressee's salutation, in the stored letter and its PDF", async () => {
    const greeting = async (salutation: string | null, title: string | null, invoiceAddress: string | null = null) => {
      const patient = await addPatient(t, practice.therapist, {
        salutation,
        title,
        firstName: 'Kim',
        lastName: 'Sommer',
        invoiceAddress,
      });
      const invoice = await issueTestInvoice(t, practice, { clientId: patient.id, issuedAt: daysAgo(30) });
      const created = await create(practice.therapist.cookie, invoice.id, 'reminder');
      expect(created.statusCode, created.body).toBe(201);
      const row = await noticeRow(created.json().id);
      const pdf = collapsed(await pdfText((await t.app.ctx.storage.get(row?.pdfKey ?? '')) ?? Buffer.alloc(0)));
      expect(pdf).toContain(row?.document.salutation);
      if (invoiceAddress === null) expect(pdf).not.toContain('Damen und Herren');
      return row?.document.salutation;
    };
    expect(await greeting('Frau', 'Dr.')).toBe('Sehr geehrte Frau Dr. Sommer,');
    expect(await greeting('Herr', null)).toBe('Sehr geehrter Herr Sommer,');
    expect(await greeting('Divers', null)).toBe('Guten Tag Kim Sommer,');
    expect(await greeting(null, null)).toBe('Guten Tag Kim Sommer,');
    // Invoices to a free invoice address (a parent, an employer): the letter does not guess the person.
    expect(await greeting('Frau', null, 'Firma Sommer GmbH\nHauptstraße 1\n10115 Berlin')).toBe(
      'Sehr geehrte Damen und Herren,',
    );
  });

  it('§203 StGB: the final notice names a collection agency only when the patient record holds the consent', async () => {
    const finalText = async () => {
      const invoice = await overdueInvoice();
      const reminder = (await create(practice.therapist.cookie, invoice.id, 'reminder')).json();
      await lapse(practice.therapist.cookie, reminder.id);
      const final = await create(practice.therapist.cookie, invoice.id, 'notice');
      expect(final.statusCode).toBe(201);
      return (await noticeRow(final.json().id))?.document.paragraphs.join(' ');
    };
    const without = await finalText();
    expect(without).not.toMatch(/Inkasso/);
    expect(without).toMatch(/gerichtliches Mahnverfahren/);
    const patientUrl = `/api/user/patient/${practice.patient.id}`;
    const future = await call(t.app, practice.therapist.cookie, {
      method: 'PATCH',
      url: patientUrl,
      payload: { collectionConsentAt: '2099-01-01' },
    });
    expect(future.statusCode).toBe(422);
    await updatePatient(t, practice.therapist.cookie, practice.patient.id, { collectionConsentAt: '2026-01-15' });
    const record = await call(t.app, practice.therapist.cookie, { method: 'GET', url: patientUrl });
    expect(record.json()).toMatchObject({ collectionConsentAt: '2026-01-15' });
    try {
      expect(await finalText()).toMatch(/die Forderung einem Inkassounternehmen übergeben/);
    } finally {
      await updatePatient(t, practice.therapist.cookie, practice.patient.id, { collectionConsentAt: null });
    }
  });
});

describe('listing, marking sent, downloading and deleting notices', () => {
  it('pages 10 at a time, marks sent by post, serves the stored PDF inline or as attachment, hides deleted ones', async () => {
    const invoice = await overdueInvoice();
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
