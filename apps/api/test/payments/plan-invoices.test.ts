import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Role, toPracticeIsoDate } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, payments, planInvoices } from '../../src/db/schema.js';
import { collapsed, pdfText } from '../pdf-text.js';
import type { SmtpCapture } from '../smtp-capture.js';
import {
  call,
  createPractice,
  createTestAppWithMail,
  createUser,
  notifyPaymentWebhook,
  signIn,
  type TestApp,
} from '../test-app.js';

let t: TestApp & { smtp: SmtpCapture };
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

const germanDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** A practice in its trial with an e-mail address and an owner, upgraded through the sandbox checkout. */
async function upgradedPractice() {
  const email = `praxis-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.org`;
  const practiceId = await createPractice(t.database, { trialExpiresAt: new Date(Date.now() + 86_400_000) });
  await t.database.db
    .update(customers)
    .set({ email, name: 'Praxis Sonnenhof', street: 'Lindenweg 3', postalCode: '04109', city: 'Leipzig' })
    .where(eq(customers.id, practiceId));
  const owner = await createUser(t.database, { roles: Role.THERAPIST | Role.CUSTOMER_ADMIN, practiceId });
  const cookie = await signIn(t.app, owner.email);
  const started = await call(t.app, cookie, { method: 'POST', url: '/api/user/payment' });
  const checkoutId = String(started.json().checkoutUrl).split('/payment/sandbox/')[1] ?? '';
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/payment/sandbox/${checkoutId}`,
    payload: { outcome: 'paid' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const [practice] = await t.database.db.select().from(customers).where(eq(customers.id, practiceId));
  return { practiceId, email, cookie, checkoutId, subscriptionId: practice?.subscriptionId ?? '' };
}

const list = async (cookie: string) => {
  const response = await call(t.app, cookie, { method: 'GET', url: '/api/customer/plan-invoices' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().list as { id: number; invoiceNumber: string; amount: number; periodStart: string }[];
};

describe('the practice’s invoices for its plan', () => {
  it('the first payment is invoiced with every §14 Abs. 4 UStG item, mailed as a PDF and listed for the owner', async () => {
    const { cookie, email } = await upgradedPractice();
    const [invoice] = await list(cookie);
    const today = toPracticeIsoDate(new Date());
    expect(invoice).toMatchObject({ amount: 34.99, periodStart: today });
    expect(invoice?.invoiceNumber).toMatch(new RegExp(`^PX-${today.slice(0, 4)}-\\d{6}$`));

    const mail = await t.smtp.waitForMail(email);
    expect(mail.subject).toBe(`Ihre Praxia-Rechnung ${invoice?.invoiceNumber}`);
    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments;
    expect(attachment).toMatchObject({
      filename: `Praxia-Rechnung-${invoice?.invoiceNumber}.pdf`,
      mimeType: 'application/pdf',
    });

    const download = await call(t.app, cookie, {
      method: 'GET',
      url: `/api/customer/plan-invoices/${invoice?.id}/file`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    // The mail carries the stored document itself.
    expect(download.rawPayload.equals(attachment?.content ?? Buffer.alloc(0))).toBe(true);

    const text = collapsed(await pdfText(download.rawPayload));
    // Nr. 1: both parties' names and addresses; Nr. 2: the operator's VAT id; Nr. 3, 4: date and number.
    expect(text).toContain('Praxia Beispielbetreiber');
    expect(text).toContain('Musterstraße 1');
    expect(text).toContain('Praxis Sonnenhof');
    expect(text).toContain('04109 Leipzig');
    expect(text).toContain('USt-IdNr. DE123456789');
    expect(text).toContain(`Rechnungsdatum ${germanDate(today)}`);
    expect(text).toContain(`Rechnungsnummer ${invoice?.invoiceNumber}`);
    // Nr. 5, 6: the service and its period; Nr. 7, 8: net amount, rate and VAT (34,99 € gross at 19 %).
    expect(text).toContain('Praxia Vollversion (monatlich)');
    expect(text).toContain(`Leistungszeitraum: ${germanDate(today)} bis`);
    expect(text).toContain('Nettobetrag: 29,40 €');
    expect(text).toContain('Umsatzsteuer 19 %: 5,59 €');
    expect(text).toContain('Rechnungsbetrag: 34,99 €');
  });

  it('each monthly charge gets the next number of the platform’s series, once however often it is notified', async () => {
    const first = await upgradedPractice();
    const other = await upgradedPractice();
    const charge = (subscriptionId: string) =>
      t.app.inject({ method: 'POST', url: `/api/payment/sandbox/subscription/${subscriptionId}/charge` });
    expect((await charge(first.subscriptionId)).statusCode).toBe(204);
    expect((await charge(other.subscriptionId)).statusCode).toBe(204);
    const invoices = await list(first.cookie);
    expect(invoices).toHaveLength(2);
    const sequence = (number: string | undefined) => Number(number?.slice(-6));
    const [otherFirst, otherCharge] = [...(await list(other.cookie))].reverse();
    // Consecutive across the platform in the order issued: first's upgrade, other's upgrade, first's, other's charge.
    expect(sequence(otherFirst?.invoiceNumber)).toBe(sequence(invoices[1]?.invoiceNumber) + 1);
    expect(sequence(invoices[0]?.invoiceNumber)).toBe(sequence(otherFirst?.invoiceNumber) + 1);
    expect(sequence(otherCharge?.invoiceNumber)).toBe(sequence(invoices[0]?.invoiceNumber) + 1);

    // The provider notifies again (a retry): no second payment, no second invoice.
    const [charged] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.customerId, first.practiceId))
      .orderBy(payments.id);
    const latest = (await t.database.db.select().from(payments).where(eq(payments.customerId, first.practiceId))).at(
      -1,
    );
    expect(charged?.id).not.toBe(latest?.id);
    await notifyPaymentWebhook(t.app, latest?.providerPaymentId ?? '');
    await notifyPaymentWebhook(t.app, first.checkoutId);
    expect(await list(first.cookie)).toHaveLength(2);
    expect(
      await t.database.db.select().from(planInvoices).where(eq(planInvoices.customerId, first.practiceId)),
    ).toHaveLength(2);
    // A subscription that is not active is not charged.
    expect((await charge('sbx_sub_unknown')).statusCode).toBe(404);
  });

  it('numbers charges paid at the same moment one after another, and keeps no PDF of a number another one took', async () => {
    const practices = await Promise.all([1, 2, 3].map(() => upgradedPractice()));
    const charged = await Promise.all(
      practices.map(({ subscriptionId }) =>
        t.app.inject({ method: 'POST', url: `/api/payment/sandbox/subscription/${subscriptionId}/charge` }),
      ),
    );
    expect(charged.map((response) => response.statusCode)).toEqual([204, 204, 204]);
    const numbers = new Set<string>();
    for (const practice of practices) {
      const rows = await t.database.db
        .select()
        .from(planInvoices)
        .where(eq(planInvoices.customerId, practice.practiceId));
      expect(rows).toHaveLength(2);
      for (const row of rows) numbers.add(row.invoiceNumber);
      const folder = join(t.app.ctx.config.dataDir, 'files', 'practices', String(practice.practiceId), 'plan-invoices');
      expect(readdirSync(folder).sort()).toEqual(rows.map((row) => row.pdfKey.split('/').pop()).sort());
    }
    expect(numbers.size).toBe(6);
  });

  it('shows a practice only its own invoices: another’s id answers 404; other roles are refused', async () => {
    const mine = await upgradedPractice();
    const theirs = await upgradedPractice();
    const [foreign] = await list(theirs.cookie);
    const response = await call(t.app, mine.cookie, {
      method: 'GET',
      url: `/api/customer/plan-invoices/${foreign?.id}/file`,
    });
    expect(response.statusCode).toBe(404);
    expect((await list(mine.cookie)).map((invoice) => invoice.id)).not.toContain(foreign?.id);
    const assistant = await createUser(t.database, { roles: Role.SECRETARY, practiceId: mine.practiceId });
    const assistantCookie = await signIn(t.app, assistant.email);
    const refused = await call(t.app, assistantCookie, { method: 'GET', url: '/api/customer/plan-invoices' });
    expect(refused.statusCode).toBe(403);
  });
});
