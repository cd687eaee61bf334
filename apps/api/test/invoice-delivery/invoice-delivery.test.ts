import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceDeliveries, invoices, overdueNotices, smsOutbox } from '../../src/db/schema.js';
import { removeExpiredDeliveries } from '../../src/modules/invoice-delivery/invoice-delivery-housekeeping.js';
import {
  codeIn,
  issueTestInvoice,
  lastSms,
  MOBILE,
  readyForFinalNotice,
  type SendingPractice,
  sendingPractice,
  updatePatient,
} from '../invoice-send-fixtures.js';
import { auditRows } from '../patient-fixtures.js';
import { call, createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
let practice: SendingPractice;

beforeAll(async () => {
  t = await createTestApp();
  practice = await sendingPractice(t);
});
afterAll(() => t.close());

type KeptMail = { recipient: string; textBody: string };
/** The newest mail with a download link to this practice's patient. */
const patientMail = (list: KeptMail[], to = practice) =>
  list.find((entry) => entry.recipient === to.patient.email && entry.textBody.includes('/rechnung/'));

/** Sends an invoice and reads the link's token from the kept mail (no SMTP here: the outbox keeps it). */
async function sentLink(on = t, to = practice) {
  const invoice = await issueTestInvoice(on, to);
  const sent = await call(on.app, to.therapist.cookie, { method: 'POST', url: `/api/invoice/${invoice.id}/send` });
  expect(sent.statusCode, sent.body).toBe(200);
  const outbox = await on.app.inject({ method: 'GET', url: '/api/dev/mail' });
  // By address and link: on PostgreSQL every test file shares the outbox.
  const mail = patientMail(outbox.json().list, to);
  const token = /\/rechnung\/([\w-]+)/.exec(mail?.textBody ?? '')?.[1] ?? '';
  const [delivery] = await on.database.db
    .select()
    .from(invoiceDeliveries)
    .where(eq(invoiceDeliveries.invoiceId, invoice.id));
  return { invoice, token, deliveryId: delivery?.id ?? 0 };
}

const info = (token: string) => t.app.inject({ method: 'GET', url: `/api/invoice-delivery/${token}` });
const requestCode = (token: string) => t.app.inject({ method: 'POST', url: `/api/invoice-delivery/${token}/code` });
const download = (token: string, code: string) =>
  t.app.inject({ method: 'POST', url: `/api/invoice-delivery/${token}/download`, payload: { code } });

/** The newest code the outbox provider kept for this practice; it went to the patient's mobile. */
async function lastCode(): Promise<string> {
  const message = await lastSms(t, practice.id);
  expect(message?.recipient).toBe('+4915123456789');
  return codeIn(message?.text);
}

const wrongFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
/** The link's last code was sent a minute and a bit ago (it is still live): a new one may be requested. */
const allowNewCode = (id: number) =>
  t.database.db
    .update(invoiceDeliveries)
    .set({ codeExpiresAt: new Date(Date.now() + 8.5 * 60_000) })
    .where(eq(invoiceDeliveries.id, id));
const expireCodeOf = (id: number) =>
  t.database.db
    .update(invoiceDeliveries)
    .set({ codeExpiresAt: new Date(Date.now() - 1000) })
    .where(eq(invoiceDeliveries.id, id));

describe('the patient download behind an SMS code', () => {
  it('shows the link, sends a code by SMS and hands out the stored PDF for it once, audited', async () => {
    const { invoice, token, deliveryId } = await sentLink();
    const shown = await info(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({
      practiceName: expect.stringMatching(/^Praxis Sonnenweg/),
      documentLabel: `Rechnung Nr. ${invoice.invoiceNumber}`,
      maskedMobile: '•••• •••• 89',
      expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect((await requestCode(token)).statusCode).toBe(204);
    const code = await lastCode();
    expect(code).toMatch(/^\d{6}$/);
    expect((await lastSms(t, practice.id))?.text).toMatch(/Praxis Sonnenweg/);
    const [row] = await t.database.db.select().from(invoiceDeliveries).where(eq(invoiceDeliveries.id, deliveryId));
    // Only a 32-byte hash bound to the link is kept, never the code.
    expect(row?.codeHash).toHaveLength(32);
    expect(Buffer.from(row?.codeHash ?? []).toString('hex')).not.toBe(createHash('sha256').update(code).digest('hex'));
    const codeMinutes = ((row?.codeExpiresAt?.getTime() ?? 0) - Date.now()) / 60_000;
    expect(codeMinutes).toBeGreaterThan(9.9);
    expect(codeMinutes).toBeLessThanOrEqual(10);

    const again = await requestCode(token);
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('error.invoiceCodeTooSoon');

    const pdf = await download(token, code);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(`attachment; filename="Rechnung-${invoice.invoiceNumber}.pdf"`);
    expect(pdf.rawPayload.equals((await t.app.ctx.storage.get(invoice.pdfKey)) ?? Buffer.alloc(0))).toBe(true);
    const [done] = await t.database.db.select().from(invoiceDeliveries).where(eq(invoiceDeliveries.id, deliveryId));
    expect(done?.downloadedAt).toBeInstanceOf(Date);
    const audit = await auditRows(t, practice.patient.id, 'invoice');
    expect(audit.some((entry) => entry.action === 'download' && entry.actorUserId === null)).toBe(true);
    // The code is used up; the link stays for a new code.
    expect((await download(token, code)).statusCode).toBe(410);
  });

  it('counts wrong codes: 422 with the tries left, the fifth wrong try and every later one 410', async () => {
    const { token } = await sentLink();
    await requestCode(token);
    const code = await lastCode();
    for (let left = 4; left >= 1; left--) {
      const wrong = await download(token, wrongFor(code));
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toMatchObject({ code: 'error.invoiceCodeWrong', params: { triesLeft: String(left) } });
    }
    const fifth = await download(token, wrongFor(code));
    expect(fifth.statusCode).toBe(410);
    expect(fifth.json().detail).toBe('Der Code ist abgelaufen. Bitte fordern Sie einen neuen Code an.');
    expect((await download(token, code)).statusCode).toBe(410);
  });

  it('refuses an expired code, a code of another link, a download without any code, and malformed codes', async () => {
    const first = await sentLink();
    const second = await sentLink();
    expect((await download(first.token, '123456')).statusCode).toBe(410);
    await requestCode(first.token);
    const firstCode = await lastCode();
    await requestCode(second.token);
    const secondCode = await lastCode();
    expect((await download(second.token, firstCode === secondCode ? wrongFor(firstCode) : firstCode)).statusCode).toBe(
      422,
    );
    expect((await download(first.token, 'abcdef')).statusCode).toBe(422);
    expect((await download(first.token, '12345')).statusCode).toBe(422);
    await expireCodeOf(first.deliveryId);
    expect((await download(first.token, firstCode)).statusCode).toBe(410);
    // The last code was sent two minutes ago (it would expire in 8): a new one may be requested, and works.
    await t.database.db
      .update(invoiceDeliveries)
      .set({ codeExpiresAt: new Date(Date.now() + 8 * 60_000) })
      .where(eq(invoiceDeliveries.id, first.deliveryId));
    expect((await requestCode(first.token)).statusCode).toBe(204);
    expect((await download(first.token, await lastCode())).statusCode).toBe(200);
  });

  it('sends no code when the patient no longer has a mobile number', async () => {
    const { token } = await sentLink();
    await updatePatient(t, practice.therapist.cookie, practice.patient.id, {
      phone: '030 1234567',
      phoneCountry: 'DE',
    });
    try {
      const refused = await requestCode(token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toBe('Mobilnummer in Patientenakte erforderlich.');
    } finally {
      await updatePatient(t, practice.therapist.cookie, practice.patient.id, { phone: MOBILE, phoneCountry: 'DE' });
    }
  });

  it('answers 404 alike for unknown and expired links and for links of deleted documents', async () => {
    const unknown = await info('x'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    const { invoice, token, deliveryId } = await sentLink();
    await t.database.db
      .update(invoiceDeliveries)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invoiceDeliveries.id, deliveryId));
    const expired = await info(token);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().detail).toBe(unknown.json().detail);
    expect((await requestCode(token)).statusCode).toBe(404);
    expect((await download(token, '123456')).statusCode).toBe(404);
    // Deleting the invoice (a state; the row stays) ends its links.
    const live = await sentLink();
    expect((await info(live.token)).statusCode).toBe(200);
    await t.database.db.update(invoices).set({ state: 'deleted' }).where(eq(invoices.id, live.invoice.id));
    expect((await info(live.token)).statusCode).toBe(404);
    expect(invoice.id).not.toBe(live.invoice.id);
    expect((await info('bad token!')).statusCode).toBe(422);
  });

  it('delivers a notice by its own link and ends that link when the notice is deleted', async () => {
    const invoice = await issueTestInvoice(t, practice);
    await readyForFinalNotice(t, practice.therapist.cookie, invoice.id);
    const created = await call(t.app, practice.therapist.cookie, {
      method: 'POST',
      url: '/api/invoice/overdue-notice',
      payload: { invoiceId: invoice.id, type: 'notice' },
    });
    const noticeId = created.json().id as number;
    await call(t.app, practice.therapist.cookie, {
      method: 'POST',
      url: `/api/invoice/overdue-notice/${noticeId}/send`,
    });
    const [delivery] = await t.database.db
      .select()
      .from(invoiceDeliveries)
      .where(eq(invoiceDeliveries.overdueNoticeId, noticeId));
    const outbox = await t.app.inject({ method: 'GET', url: '/api/dev/mail' });
    const token = /\/rechnung\/([\w-]+)/.exec(patientMail(outbox.json().list)?.textBody ?? '')?.[1] ?? '';
    expect((await info(token)).json().documentLabel).toBe(`Mahnung zu Rechnung Nr. ${invoice.invoiceNumber}`);
    await requestCode(token);
    const pdf = await download(token, await lastCode());
    expect(pdf.statusCode).toBe(200);
    const [notice] = await t.database.db.select().from(overdueNotices).where(eq(overdueNotices.id, noticeId));
    expect(pdf.rawPayload.equals((await t.app.ctx.storage.get(notice?.pdfKey ?? '')) ?? Buffer.alloc(0))).toBe(true);
    expect(delivery?.invoiceId).toBeNull();
    await call(t.app, practice.therapist.cookie, { method: 'DELETE', url: `/api/invoice/overdue-notice/${noticeId}` });
    expect((await info(token)).statusCode).toBe(404);
  });

  it('housekeeping deletes expired links and day-old development SMS, and keeps live ones', async () => {
    const expired = await sentLink();
    const live = await sentLink();
    await requestCode(live.token);
    const past = new Date(Date.now() - 1000);
    await t.database.db
      .update(invoiceDeliveries)
      .set({ expiresAt: past })
      .where(eq(invoiceDeliveries.id, expired.deliveryId));
    const [old] = await t.database.db
      .insert(smsOutbox)
      .values({ recipient: MOBILE, text: 'old', createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .returning();

    await removeExpiredDeliveries(t.database.db);

    const left = await t.database.db.select({ id: invoiceDeliveries.id }).from(invoiceDeliveries);
    expect(left.map((row) => row.id)).not.toContain(expired.deliveryId);
    expect(left.map((row) => row.id)).toContain(live.deliveryId);
    const sms = await t.database.db.select({ id: smsOutbox.id }).from(smsOutbox);
    expect(sms.map((row) => row.id)).not.toContain(old?.id);
    expect(sms.length).toBeGreaterThan(0);
    expect((await info(expired.token)).statusCode).toBe(404);
    expect((await info(live.token)).statusCode).toBe(200);
  });
});

describe('the download link over its whole life', () => {
  /** The locking notice the invoice's therapist got for this invoice (kept in the development outbox). */
  const lockNotice = async (invoiceNumber: number) => {
    const outbox = await t.app.inject({ method: 'GET', url: '/api/dev/mail' });
    return (outbox.json().list as (KeptMail & { subject: string })[]).find(
      (entry) =>
        entry.recipient === practice.therapist.email &&
        entry.subject === `Download-Link gesperrt: Rechnung Nr. ${invoiceNumber}`,
    );
  };
  const expectLocked = (response: { statusCode: number; json: () => { code: string; detail: string } }) => {
    expect(response.statusCode).toBe(410);
    expect(response.json().code).toBe('error.invoiceLinkLocked');
    expect(response.json().detail).toMatch(/^Dieser Link wurde aus Sicherheitsgründen gesperrt/);
  };

  it('sends 10 codes in all: the next request locks the link, sends no SMS and tells the therapist', async () => {
    const { invoice, token, deliveryId } = await sentLink();
    for (let sent = 1; sent <= 10; sent++) {
      expect((await requestCode(token)).statusCode).toBe(204);
      await allowNewCode(deliveryId);
    }
    const lastBefore = await lastSms(t, practice.id);
    expect(await lockNotice(invoice.invoiceNumber)).toBeUndefined();
    expectLocked(await requestCode(token));
    expect((await lastSms(t, practice.id))?.id).toBe(lastBefore?.id);
    const notice = await lockNotice(invoice.invoiceNumber);
    expect(notice?.textBody).toContain('wurde gesperrt');
    expect(notice?.textBody).not.toContain(practice.patient.email);
    expectLocked(await info(token));
    expectLocked(await requestCode(token));
    const [row] = await t.database.db.select().from(invoiceDeliveries).where(eq(invoiceDeliveries.id, deliveryId));
    expect(row?.lockedAt).toBeInstanceOf(Date);
    expect(row?.codeHash).toBeNull();
  });

  it('counts wrong tries over every code: the 20th locks the link, and even the right code then opens nothing', async () => {
    const { invoice, token, deliveryId } = await sentLink();
    let code = '';
    for (let round = 1; round <= 4; round++) {
      expect((await requestCode(token)).statusCode).toBe(204);
      code = await lastCode();
      // A new code used to start the count again; now the fifth try of each code but the last ends only that code.
      for (let tries = 1; tries <= 4; tries++) expect((await download(token, wrongFor(code))).statusCode).toBe(422);
      const fifth = await download(token, wrongFor(code));
      if (round < 4) {
        expect(fifth.json().code).toBe('error.invoiceCodeExpired');
        await allowNewCode(deliveryId);
      } else expectLocked(fifth);
    }
    expectLocked(await download(token, code));
    expectLocked(await info(token));
    expect((await lockNotice(invoice.invoiceNumber))?.textBody).toContain('falsche Codes');
  });
});

describe('the download link rate limits (unscaled)', () => {
  let limited: TestApp;
  let limitedPractice: SendingPractice;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimitScale: 1 });
    limitedPractice = await sendingPractice(limited);
  });
  afterAll(() => limited.close());

  /** Each call from another network: the per-network limits stay out of the way, the per-link one counts them all. */
  let network = 0;
  const fromNewNetwork = (url: string, payload?: object) =>
    limited.app.inject({ method: 'POST', url, payload, remoteAddress: `198.51.100.${++network}` });

  it('allows 3 code requests in 15 minutes and 10 download tries in 15 minutes per link, from any networks', async () => {
    const { token } = await sentLink(limited, limitedPractice);
    const codeAnswers = [];
    for (let request = 1; request <= 4; request++) {
      const answer = await fromNewNetwork(`/api/invoice-delivery/${token}/code`);
      codeAnswers.push(answer.statusCode === 204 ? 'sent' : answer.json().code);
    }
    expect(codeAnswers).toEqual([
      'sent',
      'error.invoiceCodeTooSoon',
      'error.invoiceCodeTooSoon',
      'error.tooManyRequests',
    ]);
    const code = codeIn((await lastSms(limited, limitedPractice.id))?.text);
    const tries = [];
    for (let attempt = 1; attempt <= 11; attempt++) {
      const answer = await fromNewNetwork(`/api/invoice-delivery/${token}/download`, { code: wrongFor(code) });
      tries.push(answer.statusCode);
    }
    expect(tries.slice(0, 4)).toEqual([422, 422, 422, 422]);
    expect(tries.slice(4, 10)).toEqual([410, 410, 410, 410, 410, 410]);
    expect(tries[10]).toBe(429);
    const other = await sentLink(limited, limitedPractice);
    expect((await fromNewNetwork(`/api/invoice-delivery/${other.token}/code`)).statusCode).toBe(204);
  });
});
