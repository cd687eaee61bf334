/** What the upgrade needs from a payment provider; Mollie in production, the sandbox by default. */
export type RemotePaymentStatus = 'open' | 'paid' | 'failed' | 'canceled' | 'expired';

export type PaymentProvider = {
  name: 'sandbox' | 'mollie';
  /** Creates the first payment (it sets up the mandate for the monthly subscription). */
  createFirstPayment: (input: {
    practice: { id: number; name: string; email: string | null; paymentCustomerId: string | null };
    amountCents: number;
    description: string;
    redirectUrl: string;
    webhookUrl: string;
  }) => Promise<{ providerPaymentId: string; checkoutUrl: string; paymentCustomerId: string }>;
  /**
   * The provider's own record of a payment: the only source of truth for its status. A monthly charge names its
   * subscription; the practice's first payment does not.
   */
  getPayment: (providerPaymentId: string) => Promise<{
    status: RemotePaymentStatus;
    paymentCustomerId: string;
    subscriptionId: string | null;
    amountCents: number;
  }>;
  createSubscription: (input: {
    paymentCustomerId: string;
    amountCents: number;
    description: string;
    webhookUrl: string;
    idempotencyKey: string;
  }) => Promise<string>;
  cancelSubscription: (input: { paymentCustomerId: string; subscriptionId: string }) => Promise<void>;
};

export class PaymentProviderError extends Error {}

/** "34.99" as the providers want amounts. */
export const toDecimalAmount = (cents: number) => (cents / 100).toFixed(2);
