import type { SandboxOutcome } from '@praxia/shared';
import { ApiError, api, apiHref, dataOf } from '../../lib/api-client';

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

export const planInvoiceKeys = { all: ['planInvoices'] as const };

/** The practice's invoices for its plan, newest first. */
export const listPlanInvoices = async () => (await dataOf(api.GET('/api/customer/plan-invoices'))).list;

/** A plan invoice's PDF, downloaded by the browser itself (an attachment). */
export const planInvoiceHref = (id: number) => apiHref('/api/customer/plan-invoices/{id}/file', { path: { id } });
