import {
  latestPaymentSchema,
  paymentResultSchema,
  type SandboxOutcome,
  sandboxCheckoutSchema,
  sandboxRedirectSchema,
} from '@praxia/shared';
import type { z } from 'zod';
import { ApiError, api } from '../../lib/api-client';

/** Starts the payment for the full version; the browser then goes to the provider's checkout page. */
export const startPayment = () => api.post('/user/payment', undefined, { parser: paymentResultSchema });

/** The practice's latest upgrade payment; null when there is none yet. */
export async function getLatestPayment(): Promise<z.infer<typeof latestPaymentSchema> | null> {
  try {
    return await api.get('/user/payment', { parser: latestPaymentSchema });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The built-in test provider's checkout (development and tests): public, by the payment id. */
export const getSandboxCheckout = (id: string) =>
  api.get(`/payment/sandbox/${encodeURIComponent(id)}`, { parser: sandboxCheckoutSchema, credentials: 'omit' });

export const completeSandboxCheckout = (id: string, outcome: SandboxOutcome) =>
  api.post(
    `/payment/sandbox/${encodeURIComponent(id)}`,
    { outcome },
    { parser: sandboxRedirectSchema, credentials: 'omit' },
  );
