import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sandboxPayments } from '../../db/schema.js';
import { type PaymentProvider, PaymentProviderError, type RemotePaymentStatus } from './payment-provider.js';

const newId = (prefix: string) => `${prefix}_${randomBytes(16).toString('hex')}`;
const OUTCOMES: RemotePaymentStatus[] = ['paid', 'failed', 'canceled'];

/**
 * The built-in provider for development and tests: it keeps its payments in its own table and has a
 * checkout page in the web app where a person chooses paid, failed or cancelled.
 */
export function createSandboxProvider(
  db: Database,
  publicUrl: string,
): PaymentProvider & {
  findCheckout: (
    id: string,
  ) => Promise<{ id: string; status: string; amountCents: number; description: string } | undefined>;
  completeCheckout: (id: string, outcome: RemotePaymentStatus) => Promise<{ redirectUrl: string } | undefined>;
  chargeSubscription: (subscriptionId: string) => Promise<string | undefined>;
} {
  async function findRow(id: string) {
    const rows = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)).limit(1);
    return rows[0];
  }
  return {
    name: 'sandbox',
    async createFirstPayment(input) {
      const id = newId('sbx_tr');
      await db.insert(sandboxPayments).values({
        id,
        kind: 'payment',
        status: 'open',
        amountCents: input.amountCents,
        description: input.description,
        redirectUrl: input.redirectUrl,
        webhookUrl: input.webhookUrl,
      });
      return {
        providerPaymentId: id,
        checkoutUrl: `${publicUrl}/payment/sandbox/${id}`,
        paymentCustomerId: input.practice.paymentCustomerId ?? `sbx_cst_${input.practice.id}`,
      };
    },
    async getPayment(id) {
      const row = await findRow(id);
      if (row?.kind !== 'payment') throw new PaymentProviderError('unknown sandbox payment');
      return {
        status: row.status as RemotePaymentStatus,
        paymentCustomerId: 'sandbox',
        subscriptionId: row.subscriptionId,
        amountCents: row.amountCents,
      };
    },
    async createSubscription(input) {
      const id = newId('sbx_sub');
      await db.insert(sandboxPayments).values({
        id,
        kind: 'subscription',
        status: 'active',
        amountCents: input.amountCents,
        description: input.description,
      });
      return id;
    },
    async cancelSubscription(input) {
      await db.update(sandboxPayments).set({ status: 'canceled' }).where(eq(sandboxPayments.id, input.subscriptionId));
    },
    async findCheckout(id) {
      const row = await findRow(id);
      if (row?.kind !== 'payment') return undefined;
      return { id: row.id, status: row.status, amountCents: row.amountCents, description: row.description };
    },
    /** A month's charge of an active subscription, paid at once (Mollie charges the mandate the same way). */
    async chargeSubscription(subscriptionId) {
      const subscription = await findRow(subscriptionId);
      if (subscription?.kind !== 'subscription' || subscription.status !== 'active') return undefined;
      const id = newId('sbx_tr');
      await db.insert(sandboxPayments).values({
        id,
        kind: 'payment',
        status: 'paid',
        amountCents: subscription.amountCents,
        description: subscription.description,
        subscriptionId,
      });
      return id;
    },
    /** Records the person's choice once; the caller then notifies the webhook like Mollie would. */
    async completeCheckout(id, outcome) {
      if (!OUTCOMES.includes(outcome)) return undefined;
      const [row] = await db
        .update(sandboxPayments)
        .set({ status: outcome })
        .where(eq(sandboxPayments.id, id))
        .returning();
      if (row?.kind !== 'payment') return undefined;
      return { redirectUrl: row.redirectUrl ?? publicUrl };
    },
  };
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;

/** Mollie when an API key is configured, otherwise the sandbox (which then also serves its checkout page). */
export function choosePaymentProvider(
  db: Database,
  publicUrl: string,
  mollie: (apiKey: string, apiEndpoint?: string) => PaymentProvider,
  options: { mollieApiKey?: string; mollieApiEndpoint?: string },
): { payments: PaymentProvider; sandbox: SandboxProvider | null } {
  if (options.mollieApiKey) return { payments: mollie(options.mollieApiKey, options.mollieApiEndpoint), sandbox: null };
  const sandbox = createSandboxProvider(db, publicUrl);
  return { payments: sandbox, sandbox };
}
