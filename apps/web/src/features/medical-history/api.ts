import type { HistoryState } from '@praxia/shared';
import { api, apiHref, dataOf } from '../../lib/api-client';

export const historyKeys = {
  all: ['medicalHistory'] as const,
  list: (clientId: number, isArchive: boolean) => ['medicalHistory', clientId, isArchive] as const,
};

/** POST /user-medical-history/search: only active entries unless the archive is shown (spec people §7). */
export const searchHistory = (clientId: number, isArchive: boolean) =>
  dataOf(
    api.POST('/api/user-medical-history/search', {
      body: { filter: { clientId: [clientId], ...(isArchive ? {} : { state: ['active'] as HistoryState[] }) } },
    }),
  );

export type HistoryList = Awaited<ReturnType<typeof searchHistory>>;
export type HistoryItem = HistoryList['list'][number];

export const addHistoryNote = (clientId: number, note: string) => {
  const form = new FormData();
  form.append('clientId', String(clientId));
  form.append('note', note);
  return dataOf(
    api.POST('/api/user-medical-history', { body: form as never, bodySerializer: (body) => body as never }),
  );
};

export const saveHistoryEntry = (body: { id: number; state: 'active' | 'deleted' } | { id: number; note: string }) =>
  dataOf(api.POST('/api/user-medical-history/save', { body }));

export const shareHistoryEntry = (id: number, shared: boolean) =>
  dataOf(api.POST('/api/user-medical-history/{id}/share', { params: { path: { id } }, body: { shared } }));

/** The file's address: downloaded as an attachment, or shown by the browser (PDF, images) when `inline`. */
export const historyFileHref = (id: number, filename: string, options: { inline?: boolean } = {}) =>
  apiHref('/api/user-medical-history/{id}/file/{filename}', {
    path: { id, filename },
    ...(options.inline ? { query: { inline: '1' } } : {}),
  });

/** GET /user/patient/{id}/download: this patient's data as a zip, named by the server (label and dd-mm-yy). */
export const patientExportHref = (patientId: number) =>
  apiHref('/api/user/patient/{id}/download', { path: { id: patientId } });
