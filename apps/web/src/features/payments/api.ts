import type { SandboxOutcome } from '@praxia/shared';
import { ApiError, api, dataOf } from '../../lib/api-client';

/** Starts the payment for the full version; the browser then goes to the provider's checkout page. */
export const startPayment = () => dataOf(api.POST('/api/user/payment'));

/** The practice's latest upgrade payment; null when there is none yet. */
export async function getLatestPayment() {
  try {
    return await dataOf(api.GET('/api/user/payment'));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

const byPaymentId = (id: string) => ({ params: { path: { id } }, credentials: 'omit' as const });

/** The built-in test provider's checkout (development and tests): public, by the payment id. */
export const getSandboxCheckout = (id: string) => dataOf(api.GET('/api/payment/sandbox/{id}', byPaymentId(id)));

export const completeSandboxCheckout = (id: string, outcome: SandboxOutcome) =>
  dataOf(api.POST('/api/payment/sandbox/{id}', { ...byPaymentId(id), body: { outcome } }));
