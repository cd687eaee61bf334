import { api, dataOf } from '../../lib/api-client';
import type { paths } from '../../lib/api-schema';

type JsonBody<T> = T extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;
export type AppointmentTypeBody = JsonBody<paths['/api/appointmentTypes']['post']>;
type AppointmentTypePatchBody = JsonBody<paths['/api/appointmentTypes/{id}']['patch']>;

export const appointmentTypeKeys = {
  all: ['appointmentTypes'] as const,
  list: (therapistId: number, page: number, limit: number) =>
    ['appointmentTypes', 'list', therapistId, page, limit] as const,
  active: (therapistId: number) => ['appointmentTypes', 'active', therapistId] as const,
  one: (id: number) => ['appointmentTypes', 'one', id] as const,
  settings: (therapistId: number) => ['calendarSettings', therapistId] as const,
};

/** GET /appointmentTypes scoped to one therapist (an assistant's selected one, spec §6). */
export const listAppointmentTypes = (therapistId: number, page: number, limit: number, deactivated?: boolean) =>
  dataOf(
    api.GET('/api/appointmentTypes', { params: { query: { userIds: String(therapistId), page, limit, deactivated } } }),
  );

export const getAppointmentType = (id: number) =>
  dataOf(api.GET('/api/appointmentTypes/{id}', { params: { path: { id } } }));

export const createAppointmentType = (body: AppointmentTypeBody) => dataOf(api.POST('/api/appointmentTypes', { body }));

export const patchAppointmentType = (id: number, body: AppointmentTypePatchBody) =>
  dataOf(api.PATCH('/api/appointmentTypes/{id}', { params: { path: { id } }, body }));

export const getCalendarSettings = (userId: number) =>
  dataOf(api.GET('/api/calendar-settings', { params: { query: { userId } } }));

export const setOnsiteNotificationDefault = (userId: number, isOn: boolean) =>
  dataOf(api.PATCH('/api/calendar-settings', { body: { userId, appointmentOnsiteNotificationDefault: isOn } }));

/** POST /calendar-settings/feed: a new secret address of the therapist's calendar feed (the old one stops working). */
export const renewCalendarFeed = (userId: number) =>
  dataOf(api.POST('/api/calendar-settings/feed', { body: { userId } }));

/** DELETE /calendar-settings/feed: the feed's address stops working and no new one exists until made. */
export const revokeCalendarFeed = (userId: number) =>
  dataOf(api.DELETE('/api/calendar-settings/feed', { params: { query: { userId } } }));
