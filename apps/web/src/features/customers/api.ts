import {
  type Customer,
  type CustomerCreate,
  customerListSchema,
  customerSchema,
  customerStatusSchema,
  customerTherapistsSchema,
  type customerUpdateSchema,
  type TherapistInvoiceSettings,
  therapistInvoiceSettingsViewSchema,
} from '@praxia/shared';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { type LogoUpload, toLogoFormValue } from './logo-state';

export const customerKeys = {
  all: ['customers'] as const,
  list: (page: number, limit: number) => ['customers', 'list', page, limit] as const,
  detail: (id: number) => ['customers', 'detail', id] as const,
  therapists: (id: number) => ['customers', 'therapists', id] as const,
  invoiceSettings: (userId: number) => ['invoiceSettings', userId] as const,
};

/** GET /customer, server-paged; a page size of 0 asks for the maximum of 1000 (spec foundations §7). */
export const listCustomers = (page: number, limit: number) =>
  api.get(`/customer?limit=${limit === 0 ? 1000 : limit}&page=${page}`, { parser: customerListSchema });

export const getCustomer = (id: number) => api.get(`/customer/${id}`, { parser: customerSchema });

export const createCustomer = (body: CustomerCreate) => api.post('/customer', body, { parser: customerSchema });

/**
 * PATCH /customer/{id} as multipart: `__data` holds the JSON of the whitelisted fields, `logo` the new file or the
 * string 'null' to delete it (left out when the logo does not change).
 */
export function updateCustomer(
  id: number,
  changes: z.output<typeof customerUpdateSchema>,
  logo: LogoUpload = { kind: 'unchanged' },
): Promise<Customer> {
  const form = new FormData();
  form.append('__data', JSON.stringify(changes));
  const logoValue = toLogoFormValue(logo);
  if (logoValue !== undefined) form.append('logo', logoValue);
  return api.patch(`/customer/${id}`, form, { parser: customerSchema });
}

/** Deactivation (admin from the list, owner for the own account): cancels the subscription, signs everyone out. */
export const deactivateCustomer = (id: number) =>
  api.patch(`/customer/${id}/deactivate`, { deactivated: true }, { parser: customerStatusSchema });

/** Reactivation is the normal PATCH with the deactivated flag (admins only). */
export const reactivateCustomer = (id: number) => updateCustomer(id, { deactivated: false });

export const deleteCustomer = (id: number) => api.delete(`/customer/${id}`);

/** The logo as an image URL; the file name changes with every upload, so it busts the browser cache. */
export const customerLogoUrl = (id: number, logoFilename: string) =>
  `/api/customer/${id}/logo?v=${encodeURIComponent(logoFilename)}`;

export type PracticeTherapist = z.infer<typeof customerTherapistsSchema>['list'][number];

export const listPracticeTherapists = async (customerId: number) =>
  (await api.get(`/customer/${customerId}/therapists`, { parser: customerTherapistsSchema })).list;

export const therapistName = (therapist: PracticeTherapist) =>
  [therapist.title, therapist.firstName, therapist.lastName].filter(Boolean).join(' ');

export const getInvoiceSettings = (userId: number) =>
  api.get(`/user/${userId}/invoice-settings`, { parser: therapistInvoiceSettingsViewSchema });

export const saveInvoiceSettings = (userId: number, settings: TherapistInvoiceSettings) =>
  api.put(`/user/${userId}/invoice-settings`, settings, { parser: therapistInvoiceSettingsViewSchema });
