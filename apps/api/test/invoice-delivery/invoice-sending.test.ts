import { createHash } from 'node:crypto';
import { toPracticeIsoDate } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceDeliveries, invoices } from '../../src/db/schema.js';
import { calendarPractice } from '../calendar-fixtures.js';
import { invoiceableAppointment, invoiceRow, issue } from '../invoice-fixtures.js';
import {
  addPatient,
  codeIn,
  daysAgo,
  issueTestInvoice,
  lastSms,
  type SendingPractice,
  sendingPractice,
  updatePatient,
} from '../invoice-send-fixtures.js';
import { auditRows } from '../patient-fixtures.js';
import { linkIn, type SmtpCapture } from '../smtp-capture.js';
import { call, createTestAppWithMail, type TestApp } from '../test-app.js';

let t: TestApp & { smtp: SmtpCapture };
let practice: SendingPractice;

beforeAll(async () => {
  t = await createTestAppWithMail();
  practice = await sendingPractice(t);
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
const send = (cookie: string, id: number) => call(t.app, cookie, { method: 'POST', url: `/api/invoice/${id}/send` });
const sendNotice = (cookie: string, id: number) =>
  call(t.app, cookie, { method: 'POST', url: `/api/invoice/overdue-notice/${id}/send` });
const tokenOf = (url: string) => url.split('/rechnung/')[1] ?? '';

describe('sending an invoice by e-mail', () => {
  it('mails the patient a 30-day link stored only as its hash, counts the send and answers the list row', async () => {
    const invoice = await issueTestInvoice(t, practice);
    const response = await send(practice.therapist.cookie, invoice.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: invoice.id,
      invoiceNumber: String(invoice.invoiceNumber),
      amount: 100.55,
      state: 'created',
      sent: true,
      digitalSendAvailability: 'yes',
      overdueNoticeType: null,
    });
    const mail = await t.smtp.waitForMail(practice.patient.email);
    const url = linkIn(mail, '/rechnung/');
    expect(url).toMatch(/^http:\/\/praxia\.test\/rechnung\/[\w-]{43}$/);
    expect(mail.subject).toMatch(/^Ein Dokument von Praxis Sonnenweg/);
    expect(mail.text).toMatch(/hat Ihnen eine Rechnung zugestellt/);
    // No health data and nothing about the patient in a mail that travels unencrypted.
    expect(mail.text).not.toMatch(/Patientin|Verhaltenstherapie|100,55|870/);
    const [delivery] = await t.database.db
      .select()
      .from(invoiceDeliveries)
      .where(eq(invoiceDeliveries.invoiceId, invoice.id));
    expect(Buffer.from(delivery?.tokenHash ?? []).toString('hex')).toBe(
      createHash('sha256').update(tokenOf(url)).digest('hex'),
    );
    const validDays = ((delivery?.expiresAt.getTime() ?? 0) - Date.now()) / DAY_MS;
    expect(validDays).toBeGreaterThan(29.9);
    expect(validDays).toBeLessThan(30.1);
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({ sendCount: 1 });
    expect(row?.sentAt).toBeInstanceOf(Date);
    const audit = await auditRows(t, practice.patient.id, 'invoice');
    expect(audit.some((entry) => entry.action === 'share' && entry.resourceId === String(invoice.id))).toBe(true);
  });

  it('allows 3 sends per invoice, then 409 limit exceeded; an assistant sends too', async () => {
    const invoice = await issueTestInvoice(t, practice);
    expect((await send(practice.assistant.cookie, invoice.id)).json().digitalSendAvailability).toBe('yes');
    expect((await send(practice.owner.cookie, invoice.id)).statusCode).toBe(403);
    expect((await send(practice.assistant.cookie, invoice.id)).json().digitalSendAvailability).toBe('yes');
    expect((await send(practice.therapist.cookie, invoice.id)).json().digitalSendAvailability).toBe('limit exceeded');
    const fourth = await send(practice.therapist.cookie, invoice.id);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({
      detail: 'Das Limit für den digitalen Versand dieser Rechnung ist erreicht.',
      code: 'error.invoiceSendLimitExceeded',
    });
    for (let mail = 0; mail < 3; mail++) await t.smtp.waitForMail(practice.patient.email);
  });

  it('is refused to DRS (403), for another practice or therapist (404) and in a trial practice (403 with the text)', async () => {
    const invoice = await issueTestInvoice(t, practice);
    expect((await send(practice.drs.cookie, invoice.id)).statusCode).toBe(403);
    expect((await send(practice.otherTherapist.cookie, invoice.id)).statusCode).toBe(404);
    const other = await sendingPractice(t);
    expect((await send(other.assistant.cookie, invoice.id)).statusCode).toBe(404);
    const trial = await sendingPractice(t, { trialExpiresAt: new Date(Date.now() + 5 * DAY_MS) });
    const trialInvoice = await issueTestInvoice(t, trial);
    const refused = await send(trial.therapist.cookie, trialInvoice.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'error.invoiceSendTrial',
      detail: 'Um Rechnungen zu versenden, benötigen Sie die Vollversion.',
    });
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, trialInvoice.id));
    expect(row?.sendCount).toBe(0);
  });

  it('answers each availability text and the missing address, checked against the current patient record', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ invoiceDigital: 'no' }, 409, 'Rechnungen ausschließlich per Post gewünscht.'],
      [{ phone: '030 1234567', phoneCountry: 'DE' }, 409, 'Mobilnummer in Patientenakte erforderlich.'],
      [{ phone: null }, 409, 'Mobilnummer in Patientenakte erforderlich.'],
      [{ postalCode: null }, 400, 'Adresse fehlt.'],
    ];
    for (const [record, status, detail] of cases) {
      const patient = await addPatient(t, practice.therapist, {});
      const invoice = await issueTestInvoice(t, practice, { clientId: patient.id });
      await updatePatient(t, practice.therapist.cookie, patient.id, record);
      const response = await send(practice.therapist.cookie, invoice.id);
      expect(response.statusCode, JSON.stringify(record)).toBe(status);
      expect(response.json().detail).toBe(detail);
    }
    const patient = await addPatient(t, practice.therapist, { street: '', city: '' });
    const invoice = await issueTestInvoice(t, practice, { clientId: patient.id });
    expect((await send(practice.therapist.cookie, invoice.id)).json().validationMessages).toEqual({
      street: ['error.required'],
      city: ['error.required'],
    });
  });
});

describe('sending a notice by e-mail', () => {
  it('marks it sent, mails its own link in the practice language, and follows the same checks', async () => {
    const english = await sendingPractice(t, { language: 'en' });
    const invoice = await issueTestInvoice(t, english, { issuedAt: daysAgo(30) });
    const created = await call(t.app, english.therapist.cookie, {
      method: 'POST',
      url: '/api/invoice/overdue-notice',
      payload: { invoiceId: invoice.id, type: 'reminder' },
    });
    const noticeId = created.json().id as number;
    expect((await sendNotice(english.drs.cookie, noticeId)).statusCode).toBe(403);
    expect((await sendNotice(practice.assistant.cookie, noticeId)).statusCode).toBe(404);
    const response = await sendNotice(english.assistant.cookie, noticeId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: noticeId, state: 'sent', sent: true, digitalSendAvailability: 'yes' });
    const mail = await t.smtp.waitForMail(english.patient.email);
    expect(mail.subject).toMatch(/^A document from Praxis Sonnenweg/);
    expect(mail.text).toMatch(/has sent you a payment reminder/);
    const token = tokenOf(linkIn(mail, '/rechnung/'));
    const info = await t.app.inject({ method: 'GET', url: `/api/invoice-delivery/${token}` });
    expect(info.json().documentLabel).toBe(`1. Zahlungserinnerung zu Rechnung Nr. ${invoice.invoiceNumber}`);
    const listed = await call(t.app, english.therapist.cookie, {
      method: 'POST',
      url: '/api/invoice/overdue-notice/search',
      payload: { invoiceId: invoice.id },
    });
    expect(listed.json().list[0]).toMatchObject({ id: noticeId, state: 'sent', sent: true });
  });
});

describe('an invoice issued through POST /invoice', () => {
  it('is sent, reminded and downloaded by the patient exactly as stored', async () => {
    const team = await calendarPractice(t);
    const email = `issued-${Date.now()}@example.org`;
    const appointment = await invoiceableAppointment(t, team.therapist.cookie, {
      booking: { email, phone: '0151 23456789', phoneCountry: 'DE' },
    });
    const [issued] = await issue(t, team.therapist.cookie, { appointmentIds: [appointment.id] });
    expect(issued?.digitalSendAvailability).toBe('yes');
    const sent = await send(team.assistant.cookie, issued?.id ?? 0);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ id: issued?.id, sent: true, userName: issued?.userName });
    const token = tokenOf(linkIn(await t.smtp.waitForMail(email), '/rechnung/'));
    expect((await t.app.inject({ method: 'POST', url: `/api/invoice-delivery/${token}/code` })).statusCode).toBe(204);
    const code = codeIn((await lastSms(t, team.id))?.text);
    const pdf = await t.app.inject({
      method: 'POST',
      url: `/api/invoice-delivery/${token}/download`,
      payload: { code },
    });
    expect(pdf.statusCode).toBe(200);
    const stored = await t.app.ctx.storage.get((await invoiceRow(t, issued?.id ?? 0)).pdfKey);
    expect(pdf.rawPayload.equals(stored ?? Buffer.alloc(0))).toBe(true);

    // Days later the invoice is overdue.
    await t.database.db
      .update(invoices)
      .set({ dueDate: toPracticeIsoDate(daysAgo(1)) })
      .where(eq(invoices.id, issued?.id ?? 0));
    const reminder = await call(t.app, team.therapist.cookie, {
      method: 'POST',
      url: '/api/invoice/overdue-notice',
      payload: { invoiceId: issued?.id, type: 'reminder' },
    });
    expect(reminder.statusCode, reminder.body).toBe(201);
    expect((await sendNotice(team.therapist.cookie, reminder.json().id)).json()).toMatchObject({ state: 'sent' });
    const list = await call(t.app, team.therapist.cookie, { method: 'GET', url: '/api/invoice?limit=0' });
    expect(list.json().list.find((row: { id: number }) => row.id === issued?.id)).toMatchObject({
      sent: true,
      overdueNoticeType: 'reminder',
      overdueNoticeNumber: 1,
      overdueNoticeSent: true,
    });
  });

  it('whose files a crash left undrawn is drawn before it is sent, and again before the patient downloads it', async () => {
    const team = await calendarPractice(t);
    const email = `undrawn-${Date.now()}@example.org`;
    const appointment = await invoiceableAppointment(t, team.therapist.cookie, {
      booking: { email, phone: '0151 23456789', phoneCountry: 'DE' },
    });
    const [issued] = await issue(t, team.therapist.cookie, { appointmentIds: [appointment.id] });
    const row = await invoiceRow(t, issued?.id ?? 0);
    const drawnAtIssue = await t.app.ctx.storage.get(row.pdfKey);
    const loseFiles = async () => {
      await t.app.ctx.storage.remove(row.pdfKey);
      await t.app.ctx.storage.remove(row.docxKey);
      await t.database.db.update(invoices).set({ documentsReadyAt: null }).where(eq(invoices.id, row.id));
    };
    await loseFiles();
    const sent = await send(team.therapist.cookie, row.id);
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await invoiceRow(t, row.id)).documentsReadyAt).not.toBeNull();
    expect((await t.app.ctx.storage.get(row.pdfKey))?.equals(drawnAtIssue ?? Buffer.alloc(0))).toBe(true);

    const token = tokenOf(linkIn(await t.smtp.waitForMail(email), '/rechnung/'));
    expect((await t.app.inject({ method: 'POST', url: `/api/invoice-delivery/${token}/code` })).statusCode).toBe(204);
    const code = codeIn((await lastSms(t, team.id))?.text);
    await loseFiles();
    const pdf = await t.app.inject({
      method: 'POST',
      url: `/api/invoice-delivery/${token}/download`,
      payload: { code },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.equals(drawnAtIssue ?? Buffer.alloc(0))).toBe(true);
  });
});
