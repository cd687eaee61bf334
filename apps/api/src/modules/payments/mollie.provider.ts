import { createMollieClient, SequenceType } from '@mollie/api-client';
import { addPracticeMonths, toPracticeIsoDate } from '@praxia/shared';
import {
  type PaymentProvider,
  PaymentProviderError,
  type RemotePaymentStatus,
  toDecimalAmount,
} from './payment-provider.js';

const KNOWN: RemotePaymentStatus[] = ['open', 'paid', 'failed', 'canceled', 'expired'];

/** Mollie: a first payment creates the mandate, then a monthly subscription charges it. */
export function createMollieProvider(apiKey: string, apiEndpoint?: string): PaymentProvider {
  const mollie = createMollieClient({ apiKey, ...(apiEndpoint ? { apiEndpoint } : {}) });
  return {
    name: 'mollie',
    async createFirstPayment(input) {
      const paymentCustomerId =
        input.practice.paymentCustomerId ??
        (
          await mollie.customers.create({
            name: input.practice.name,
            email: input.practice.email ?? undefined,
            metadata: { practiceId: input.practice.id },
          })
        ).id;
      const payment = await mollie.payments.create({
        amount: { currency: 'EUR', value: toDecimalAmount(input.amountCents) },
        description: input.description,
        redirectUrl: input.redirectUrl,
        webhookUrl: input.webhookUrl,
        customerId: paymentCustomerId,
        sequenceType: SequenceType.first,
        metadata: { practiceId: input.practice.id },
      });
      const checkoutUrl = payment.getCheckoutUrl();
      if (!checkoutUrl) throw new Error('Mollie returned no checkout URL');
      return { providerPaymentId: payment.id, checkoutUrl, paymentCustomerId };
    },
    async getPayment(id) {
      const payment = await mollie.payments.get(id).catch((error: unknown) => {
        const status = (error as { statusCode?: number }).statusCode;
        throw status === 404 ? new PaymentProviderError('unknown Mollie payment') : error;
      });
      // Authorized/pending payments are not paid yet; treat them as open until Mollie says more.
      const status = KNOWN.includes(payment.status as RemotePaymentStatus)
        ? (payment.status as RemotePaymentStatus)
        : 'open';
      return {
        status,
        paymentCustomerId: payment.customerId ?? '',
        subscriptionId: payment.subscriptionId ?? null,
        amountCents: Math.round(Number(payment.amount.value) * 100),
      };
    },
    async createSubscription(input) {
      const subscription = await mollie.customerSubscriptions.create({
        customerId: input.paymentCustomerId,
        amount: { currency: 'EUR', value: toDecimalAmount(input.amountCents) },
        interval: '1 month',
        description: input.description,
        webhookUrl: input.webhookUrl,
        // The first payment covers the first month.
        startDate: toPracticeIsoDate(addPracticeMonths(new Date(), 1)),
        idempotencyKey: input.idempotencyKey,
      });
      return subscription.id;
    },
    async cancelSubscription(input) {
      await mollie.customerSubscriptions.cancel(input.subscriptionId, { customerId: input.paymentCustomerId });
    },
  };
}
