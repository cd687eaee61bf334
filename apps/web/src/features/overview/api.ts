import { addPracticeDays, atPracticeTime, toPracticeIsoDateTime } from '@praxia/shared';
import { api, dataOf } from '../../lib/api-client';

/** What the overview shows at most of a list; the counts cover them all. */
export const OVERVIEW_ROWS = 5;

export const overviewKeys = {
  all: ['overview'] as const,
  today: (therapistId: number) => ['appointments', 'overview', 'today', therapistId] as const,
  billable: (therapistId: number) => ['appointments', 'overview', 'billable', therapistId] as const,
  openInvoices: (therapistId: number | null) => ['invoices', 'overview', 'open', therapistId] as const,
};

/** The therapist's appointments of today (German time), every state. */
export function listTodaysAppointments(therapistId: number, now = new Date()) {
  const start = atPracticeTime(now, 0);
  return dataOf(
    api.GET('/api/appointment', {
      params: {
        query: {
          therapistIds: String(therapistId),
          appointmentStartFrom: toPracticeIsoDateTime(start),
          appointmentStartTo: toPracticeIsoDateTime(new Date(addPracticeDays(start, 1).getTime() - 1000)),
          limit: 500,
          page: 1,
        },
      },
    }),
  );
}

/** How many of the therapist's appointments are billable (approved for billing) and not yet invoiced. */
export const countBillableAppointments = (therapistId: number) =>
  dataOf(
    api.GET('/api/appointment', {
      params: { query: { therapistIds: String(therapistId), state: 'billable', limit: 1, page: 1 } },
    }),
  ).then((list) => list.maxItems);

/** The unpaid invoices, the earliest due (so the overdue ones) first; null: whatever the caller's scope reaches. */
export const listOpenInvoices = (therapistId: number | null) =>
  dataOf(
    api.GET('/api/invoice', {
      params: {
        query: {
          open: true,
          orderBy: 'dueDate',
          descending: false,
          limit: OVERVIEW_ROWS,
          page: 1,
          therapistId: therapistId ?? undefined,
        },
      },
    }),
  );
