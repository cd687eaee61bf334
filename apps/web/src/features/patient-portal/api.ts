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
