import { api } from '../../lib/api-client';

/** Starts the payment for the full version; the browser then goes to the provider's checkout page. */
export const startPayment = () => api.post<{ checkoutUrl: string }>('/user/payment');
