import { ErrorCode, PRICE_PER_MONTH_CENTS } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import { practiceScope, scopeOf, systemScope } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { AppError, notFound } from '../../plugins/errors.js';
import { findCustomer, findCustomerBySubscription, updateCustomer } from '../customers/index.js';
import { PaymentProviderError } from './payment-provider.js';
import {
  claimPaymentForCompletion,
  findLatestPayment,
  findPaymentByProviderId,
  insertPayment,
  insertPaymentOnce,
  setPaymentStatus,
} from './payments.repo.js';
import { PLAN_DESCRIPTION as DESCRIPTION, issuePlanInvoice } from './plan-invoices.service.js';

// The provider's call names a payment, not a practice: the payment found says which practice it is for.
const webhook = systemScope('payment webhook');

/** Starts the upgrade of the owner's practice: a first payment at the provider; the browser goes to its checkout. */
export async function startUpgrade(ctx: AppContext, actor: Actor): Promise<string> {
  const scope = scopeOf(actor);
  if (scope.kind !== 'practice') throw notFound('Customer not found');
  const practice = await findCustomer(ctx.db, scope.practiceId);
  if (!practice) throw notFound('Customer not found');
  if (!practice.trialExpiresAt && practice.subscriptionId) {
    throw new AppError(ErrorCode.alreadyFullVersion, {
      status: 409,
      detail: 'The practice already has the full version.',
    });
  }
  const webhookUrl = `${ctx.config.publicUrl}/api/payment/webhook`;
  let created: Awaited<ReturnType<AppContext['payments']['createFirstPayment']>>;
  try {
    created = await ctx.payments.createFirstPayment({
      practice: {
        id: practice.id,
        name: practice.name,
        email: practice.email,
        paymentCustomerId: practice.paymentCustomerId,
      },
      amountCents: PRICE_PER_MONTH_CENTS,
      description: DESCRIPTION,
      redirectUrl: `${ctx.config.publicUrl}/payment/thanks`,
      webhookUrl,
    });
  } catch (error) {
    ctx.log.error({ err: error }, 'first payment could not be created');
    throw new AppError(ErrorCode.firstPaymentFailed, { status: 502, detail: 'First payment could not be created' });
  }
  const payment = await insertPayment(ctx.db, scope, {
    provider: ctx.payments.name,
    providerPaymentId: created.providerPaymentId,
    amountCents: PRICE_PER_MONTH_CENTS,
    createdBy: actor.userId,
  });
  if (practice.paymentCustomerId !== created.paymentCustomerId) {
    await updateCustomer(ctx.db, practice.id, { paymentCustomerId: created.paymentCustomerId });
  }
  ctx.log.info({ paymentId: payment.id, customerId: practice.id }, 'upgrade payment started');
  return created.checkoutUrl;
}

/**
 * Handles a provider notification. The body carries only an id; the status is fetched from the
 * provider. Paid: the practice leaves the trial and its subscription is stored, exactly once.
 */
export async function handlePaymentWebhook(ctx: AppContext, providerPaymentId: string): Promise<void> {
  const payment = await findPaymentByProviderId(ctx.db, webhook, ctx.payments.name, providerPaymentId);
  if (!payment) return handleSubscriptionCharge(ctx, providerPaymentId);
  // Paid before, but the invoice may have failed (the provider then notifies again): it is issued once either way.
  if (payment.status === 'paid') return issuePlanInvoice(ctx, payment.id, payment.customerId, payment.updatedAt);
  const scope = practiceScope(payment.customerId);
  const remote = await ctx.payments.getPayment(providerPaymentId);
  if (remote.status === 'open') return;
  if (remote.status !== 'paid') {
    await setPaymentStatus(ctx.db, scope, payment.id, remote.status, 'open');
    return;
  }
  if (!(await claimPaymentForCompletion(ctx.db, scope, payment.id))) return;
  const practice = await findCustomer(ctx.db, payment.customerId);
  if (!practice) return;
  let subscriptionId: string;
  try {
    subscriptionId = await ctx.payments.createSubscription({
      paymentCustomerId: practice.paymentCustomerId ?? remote.paymentCustomerId,
      amountCents: PRICE_PER_MONTH_CENTS,
      // Mollie wants subscription descriptions unique per customer; the practice number also helps support.
      description: `${DESCRIPTION} (Praxis ${practice.id})`,
      webhookUrl: `${ctx.config.publicUrl}/api/payment/webhook`,
      idempotencyKey: `praxia-subscription-${payment.id}`,
    });
  } catch (error) {
    // Give the claim back so the provider's retry of this webhook can finish the job.
    await setPaymentStatus(ctx.db, scope, payment.id, 'open', 'processing');
    throw error;
  }
  await ctx.db.transaction(async (tx) => {
    await setPaymentStatus(tx, scope, payment.id, 'paid');
    await updateCustomer(tx, practice.id, { trialExpiresAt: null, status: 'active', subscriptionId });
  });
  ctx.log.info({ paymentId: payment.id, customerId: practice.id }, 'practice upgraded');
  await issuePlanInvoice(ctx, payment.id, practice.id, new Date());
}

/**
 * A monthly charge of a practice's subscription, which the provider notifies like any payment: once paid, it is
 * recorded (once, whatever the number of notifications) and invoiced. Anything else is not ours and is ignored.
 */
async function handleSubscriptionCharge(ctx: AppContext, providerPaymentId: string): Promise<void> {
  let remote: Awaited<ReturnType<AppContext['payments']['getPayment']>>;
  try {
    remote = await ctx.payments.getPayment(providerPaymentId);
  } catch (error) {
    // An id the provider does not know is not a payment of ours: acknowledged, nothing happens.
    if (error instanceof PaymentProviderError) return;
    throw error;
  }
  if (remote.status !== 'paid' || !remote.subscriptionId) return;
  const practice = await findCustomerBySubscription(ctx.db, remote.subscriptionId);
  if (!practice) return;
  const payment = await insertPaymentOnce(ctx.db, practiceScope(practice.id), {
    provider: ctx.payments.name,
    providerPaymentId,
    amountCents: remote.amountCents,
    status: 'paid',
  });
  ctx.log.info({ customerId: practice.id }, 'subscription charge paid');
  // A repeated notification finds the payment recorded; the invoice is issued once per payment either way.
  await issuePlanInvoice(ctx, payment.id, practice.id, payment.createdAt);
}

/** The status of the practice's latest upgrade payment, for the thank-you page. */
export async function getLatestUpgradePayment(ctx: AppContext, actor: Actor) {
  const scope = scopeOf(actor);
  const payment = scope.kind === 'practice' ? await findLatestPayment(ctx.db, scope) : undefined;
  if (!payment) throw notFound('Payment not found');
  return { id: payment.id, status: payment.status };
}
