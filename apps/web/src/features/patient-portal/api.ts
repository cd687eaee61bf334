import { api, apiHref, dataOf } from '../../lib/api-client';
import { uploadWithProgress } from '../medical-history/upload';

export const patientDocumentKeys = { all: ['patientDocuments'] as const };

export const listOwnDocuments = () => dataOf(api.GET('/api/patient/documents'));

export const ownDocumentHref = (id: number) => apiHref('/api/patient/documents/{id}/file', { path: { id } });

export function sendOwnDocument(file: File, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress('/api/patient/documents', form, onProgress);
}

export const ownAppointmentKeys = { all: ['ownAppointments'] as const };
export const ownInvoiceKeys = { all: ['ownInvoices'] as const };

/** The signed-in patient's appointments that have not ended, soonest first. */
export const listOwnAppointments = () => dataOf(api.GET('/api/patient/appointments'));

export const cancelOwnAppointment = (id: number) =>
  dataOf(api.PATCH('/api/patient/appointments/{id}/cancel', { params: { path: { id } } }));

/** A fresh personal link into the video room of an online appointment while it is open. */
export const issueOwnVideoLink = (id: number) =>
  dataOf(api.POST('/api/patient/appointments/{id}/video-link', { params: { path: { id } } }));

export const listOwnInvoices = () => dataOf(api.GET('/api/patient/invoices'));

export const ownInvoiceHref = (id: number) => apiHref('/api/patient/invoices/{id}/file', { path: { id } });
