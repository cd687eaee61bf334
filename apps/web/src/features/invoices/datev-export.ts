import { toPracticeIsoDate } from '@praxia/shared';
import { api } from '../../lib/api-client';
import { saveBlob } from '../../lib/save-blob';
import type { DayRange } from './invoice-date-range';

/** The period of a DATEV batch: the list's days; without a start, the start of the end day's year. */
export type DatevPeriod = { dateStart: string; dateEnd: string };

/**
 * The list's range as a DATEV period, or null when it spans more than one calendar year (DATEV dates bookings by day
 * and month and takes the year from the batch, so one batch covers one fiscal year).
 */
export function datevPeriodOf(range: DayRange, now = new Date()): DatevPeriod | null {
  const dateEnd = range.end ?? toPracticeIsoDate(now);
  const dateStart = range.start ?? `${dateEnd.slice(0, 4)}-01-01`;
  if (dateStart.slice(0, 4) !== dateEnd.slice(0, 4) || dateStart > dateEnd) return null;
  return { dateStart, dateEnd };
}

/** GET /invoice/export/datev as a file the browser saves under the server's name. */
export async function downloadDatevBatch(period: DatevPeriod, therapistId: number | null): Promise<void> {
  const { data, response } = await api.GET('/api/invoice/export/datev', {
    params: { query: { ...period, ...(therapistId === null ? {} : { therapistId }) } },
    parseAs: 'blob',
  });
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'EXTF_Buchungsstapel.csv';
  saveBlob(data as Blob, fileName);
}
