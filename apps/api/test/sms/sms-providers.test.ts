import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config.js';
import { invoiceDeliveries, smsOutbox } from '../../src/db/schema.js';
import { createToken, hashToken } from '../../src/lib/tokens.js';
import { chooseSmsProvider, SmsProviderError } from '../../src/modules/sms/sms-provider.js';
import { createVonageSmsProvider } from '../../src/modules/sms/vonage-sms.provider.js';
import { startFakeVonage } from '../fake-vonage.js';
import { issueTestInvoice, sendingPractice } from '../invoice-send-fixtures.js';
import { call, createTestApp, type TestApp } from '../test-app.js';

let vonage: Awaited<ReturnType<typeof startFakeVonage>>;
let t: TestApp;

beforeAll(async () => {
  vonage = await startFakeVonage();
  t = await createTestApp({
    config: {
      vonage: { apiKey: 'praxia-key', apiSecret: 'praxia-secret', restHost: vonage.restHost },
      smsFrom: 'Praxis',
    },
  });
});
afterAll(async () => {
  await t.close();
  await vonage.close();
});

/**
 * Sends an invoice and reads the link's token from the patient's kept mail (by address: on PostgreSQL every test
 * file shares the outbox).
 */
async function sentLink(app: TestApp) {
  const practice = await sendingPractice(app);
  const invoice = await issueTestInvoice(app, practice);
  await call(app.app, practice.therapist.cookie, { method: 'POST', url: `/api/invoice/${invoice.id}/send` });
  const outbox = await app.app.inject({ method: 'GET', url: '/api/dev/mail' });
  const mail = outbox.json().list.find((entry: { recipient: string }) => entry.recipient === practice.patient.email);
  return { token: /\/rechnung\/([\w-]+)/.exec(mail?.textBody ?? '')?.[1] ?? '', practiceId: practice.id };
}

const sentToken = async (app: TestApp) => (await sentLink(app)).token;

describe('the SMS code through Vonage (its official client against an HTTPS stand-in)', () => {
  it('sends the code to the mobile number with the key, and the code it carried opens the download', async () => {
    const { token, practiceId } = await sentLink(t);
    const response = await t.app.inject({ method: 'POST', url: `/api/invoice-delivery/${token}/code` });
    expect(response.statusCode, response.body).toBe(204);
    const [sms] = vonage.received;
    expect(sms).toMatchObject({ to: '4915123456789', from: 'Praxis' });
    expect(sms?.authorization).toBe(`Basic ${Buffer.from('praxia-key:praxia-secret').toString('base64')}`);
    const code = /\b(\d{6})\b/.exec(sms?.text ?? '')?.[1] ?? '';
    const pdf = await t.app.inject({
      method: 'POST',
      url: `/api/invoice-delivery/${token}/download`,
      payload: { code },
    });
    expect(pdf.statusCode).toBe(200);
    // A real provider keeps nothing here, and the development listing does not exist.
    expect(await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.customerId, practiceId))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/sms' })).statusCode).toBe(404);
  });

  it('answers 502 when Vonage refuses the message', async () => {
    const token = await sentToken(t);
    vonage.refuseWith('4', 'Bad Credentials');
    try {
      const response = await t.app.inject({ method: 'POST', url: `/api/invoice-delivery/${token}/code` });
      expect(response.statusCode).toBe(502);
      expect(response.json().detail).toBe(
        'Die SMS konnte nicht gesendet werden. Bitte versuchen Sie es später erneut.',
      );
      // What is logged names Vonage's reason, never the patient's number.
      const provider = createVonageSmsProvider({ apiKey: 'k', apiSecret: 's', restHost: vonage.restHost }, 'Praxia');
      const failure = await provider
        .send({ to: '+4915123456789', text: 'x', customerId: null })
        .catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(SmsProviderError);
      expect((failure as Error).message).toBe('Vonage refused the message (status 4: Bad Credentials)');
    } finally {
      vonage.accept();
    }
  });
});

describe('choosing the SMS provider', () => {
  const base = readConfig({});
  it('uses the outbox outside production, nothing in production unless named, Vonage when configured', () => {
    expect(chooseSmsProvider(t.database.db, base)?.name).toBe('outbox');
    expect(chooseSmsProvider(t.database.db, { ...base, isProduction: true })).toBeNull();
    expect(chooseSmsProvider(t.database.db, { ...base, isProduction: true, smsProvider: 'outbox' })?.name).toBe(
      'outbox',
    );
    const vonageConfig = { ...base, isProduction: true, vonage: { apiKey: 'k', apiSecret: 's' } };
    expect(chooseSmsProvider(t.database.db, vonageConfig)?.name).toBe('vonage');
    expect(chooseSmsProvider(t.database.db, { ...base, smsProvider: 'vonage' })).toBeNull();
    expect(() => readConfig({ VONAGE_API_KEY: 'k' })).toThrow(/VONAGE_API_SECRET/);
    expect(() => readConfig({ SMS_FROM: 'Far too long a sender' })).toThrow(/SMS_FROM/);
  });

  it('answers 503 with a German text in production without a provider, and lists no SMS there', async () => {
    const production = await createTestApp({
      config: { isProduction: true, paymentProvider: 'sandbox', allowEmbeddedDatabase: true, databaseUrl: undefined },
    });
    try {
      // No development outbox in production: the link's token is set to one the test knows.
      const practice = await sendingPractice(production);
      const invoice = await issueTestInvoice(production, practice);
      await call(production.app, practice.therapist.cookie, { method: 'POST', url: `/api/invoice/${invoice.id}/send` });
      const token = createToken();
      await production.database.db
        .update(invoiceDeliveries)
        .set({ tokenHash: hashToken(token) })
        .where(eq(invoiceDeliveries.invoiceId, invoice.id));
      expect((await production.app.inject({ method: 'GET', url: `/api/invoice-delivery/${token}` })).statusCode).toBe(
        200,
      );
      const response = await production.app.inject({ method: 'POST', url: `/api/invoice-delivery/${token}/code` });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        code: 'error.smsUnavailable',
        detail: 'Der SMS-Versand ist derzeit nicht eingerichtet. Bitte wenden Sie sich an Ihre Praxis.',
      });
      expect((await production.app.inject({ method: 'GET', url: '/api/dev/sms' })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });

  it('limits the public calls per network', async () => {
    const limited = await createTestApp({ rateLimitScale: 1 });
    try {
      const statuses: number[] = [];
      for (let call = 0; call < 21; call++) {
        statuses.push(
          (await limited.app.inject({ method: 'GET', url: `/api/invoice-delivery/${'x'.repeat(43)}` })).statusCode,
        );
      }
      expect(statuses.slice(0, 20).every((status) => status === 404)).toBe(true);
      expect(statuses[20]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
