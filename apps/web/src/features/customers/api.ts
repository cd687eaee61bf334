import type { CustomerCreate, CustomerUpdate, TherapistInvoiceSettings } from '@praxia/shared';
import { api, apiHref, dataOf, toFormData } from '../../lib/api-client';
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
  dataOf(api.GET('/api/customer', { params: { query: { limit: limit === 0 ? 1000 : limit, page } } }));

const byId = (id: number) => ({ params: { path: { id } } });

export const getCustomer = (id: number) => dataOf(api.GET('/api/customer/{id}', byId(id)));

export const createCustomer = (body: CustomerCreate) => dataOf(api.POST('/api/customer', { body }));

/**
 * PATCH /customer/{id} as multipart: `__data` holds the JSON of the whitelisted fields, `logo` the new file or the
 * string 'null' to delete it (left out when the logo does not change).
 */
export const updateCustomer = (id: number, changes: CustomerUpdate, logo: LogoUpload = { kind: 'unchanged' }) =>
  dataOf(
    api.PATCH('/api/customer/{id}', {
      ...byId(id),
      body: { __data: changes, logo: toLogoFormValue(logo) },
      bodySerializer: toFormData,
    }),
  );

/** Deactivation (admin from the list, owner for the own account): cancels the subscription, signs everyone out. */
export const deactivateCustomer = (id: number) =>
  dataOf(api.PATCH('/api/customer/{id}/deactivate', { ...byId(id), body: { deactivated: true } }));

/** Reactivation is the normal PATCH with the deactivated flag (admins only). */
export const reactivateCustomer = (id: number) => updateCustomer(id, { deactivated: false });

export const deleteCustomer = (id: number) => dataOf(api.DELETE('/api/customer/{id}', byId(id)));

/** The logo as an image URL; the file name changes with every upload, so it busts the browser cache. */
export const customerLogoUrl = (id: number, logoFilename: string) =>
  `${apiHref('/api/customer/{id}/logo', byId(id).params)}?v=${encodeURIComponent(logoFilename)}`;

export const listPracticeTherapists = async (customerId: number) =>
  (await dataOf(api.GET('/api/customer/{id}/therapists', byId(customerId)))).list;

export type PracticeTherapist = Awaited<ReturnType<typeof listPracticeTherapists>>[number];

export const therapistName = (therapist: PracticeTherapist) =>
  [therapist.title, therapist.firstName, therapist.lastName].filter(Boolean).join(' ');

export const getInvoiceSettings = (userId: number) => dataOf(api.GET('/api/user/{id}/invoice-settings', byId(userId)));

export const saveInvoiceSettings = (userId: number, settings: TherapistInvoiceSettings) =>
  dataOf(api.PUT('/api/user/{id}/invoice-settings', { ...byId(userId), body: settings }));
