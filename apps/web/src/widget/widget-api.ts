import type {
  WaitingListJoin,
  WidgetAnswer,
  WidgetBook,
  WidgetBooked,
} from '@praxia/shared/appointments/widget-schemas';
import type { ErrorBody } from '@praxia/shared/error-body';
import type { InsuranceType } from './appointment-types';
import { type FieldErrors, serverFieldErrors } from './validation';

/*
 * The widget's three calls with plain fetch (no API client, no schema library: the first view must stay small) and
 * no cookies: the visitor is a guest, often on a practice's site in an iframe.
 */

export type WidgetWindow = {
  therapistId: number;
  customerId: number;
  from: string;
  to: string;
  appointmentTypeId?: number | null;
  insuranceType?: InsuranceType | null;
};

export type LoadResult = { kind: 'loaded'; answer: WidgetAnswer } | { kind: 'notFound' } | { kind: 'failed' };
export type SendResult<T> =
  | { kind: 'done'; value: T }
  | { kind: 'taken' }
  | { kind: 'invalid'; errors: FieldErrors<string> }
  | { kind: 'failed' };

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };

export async function loadWidget(window: WidgetWindow, signal?: AbortSignal): Promise<LoadResult> {
  const query = new URLSearchParams({
    therapistId: String(window.therapistId),
    customerId: String(window.customerId),
    from: window.from,
    to: window.to,
  });
  if (window.appointmentTypeId) query.set('appointmentTypeId', String(window.appointmentTypeId));
  if (window.insuranceType) query.set('insuranceType', window.insuranceType);
  try {
    const response = await fetch(`/api/appointment/widget?${query}`, {
      credentials: 'omit',
      signal,
      headers: JSON_HEADERS,
    });
    if (response.ok) return { kind: 'loaded', answer: (await response.json()) as WidgetAnswer };
    // An unknown therapist or practice (or one of another practice) answers 404: the link is wrong.
    return response.status === 404 ? { kind: 'notFound' } : { kind: 'failed' };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { kind: 'failed' };
  }
}

async function send<T>(method: 'PATCH' | 'POST', url: string, body: unknown): Promise<SendResult<T>> {
  try {
    const response = await fetch(url, {
      method,
      credentials: 'omit',
      headers: JSON_HEADERS,
      body: JSON.stringify(body),
    });
    if (response.ok) return { kind: 'done', value: (await response.json().catch(() => null)) as T };
    if (response.status === 409) return { kind: 'taken' };
    if (response.status === 422) {
      const error = (await response.json().catch(() => ({}))) as Partial<ErrorBody>;
      return { kind: 'invalid', errors: serverFieldErrors(error.validationMessages) };
    }
    return { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}

/** PATCH /appointment/{id}/book as a guest: 200 with what was booked, 409 when the slot was taken meanwhile. */
export const bookSlot = (slotId: number, body: WidgetBook) =>
  send<WidgetBooked>('PATCH', `/api/appointment/${slotId}/book`, body);

/** POST /appointment/waiting-list → 201. */
export const joinWaitingList = (body: WaitingListJoin) => send<unknown>('POST', '/api/appointment/waiting-list', body);
