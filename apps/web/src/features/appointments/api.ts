import { DEFAULT_PAGE_SIZE, toPracticeIsoDateTime } from '@praxia/shared';
import { api, dataOf } from '../../lib/api-client';
import type { paths } from '../../lib/api-schema';

type JsonBody<T> = T extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;
export type AppointmentCreateBody = JsonBody<paths['/api/appointment']['post']>;
export type AppointmentPatchBody = JsonBody<paths['/api/appointment/{id}']['patch']>;
// The book address also takes a guest's booking from the widget (without a session): the contract unites both
// bodies and answers, and the calendar, signed in, sends and gets the staff's.
export type AppointmentBookBody = Exclude<
  JsonBody<paths['/api/appointment/{id}/book']['patch']>,
  { termsAndConditionsAccepted: true }
>;

/** One calendar view: a therapist's week (or day), or a table page filtered by the client's name; no dates: all. */
export type AppointmentListParams = {
  therapistId: number;
  from?: Date;
  to?: Date;
  clientName?: string;
  page: number;
  /** Spec §7: 500 when paging by week, 1000 for all. */
  limit: number;
};

export const appointmentKeys = {
  all: ['appointments'] as const,
  list: (params: AppointmentListParams) =>
    ['appointments', 'list', { ...params, from: params.from?.toISOString(), to: params.to?.toISOString() }] as const,
  one: (id: number) => ['appointments', 'one', id] as const,
  patients: (therapistId: number, text: string) => ['appointments', 'patients', therapistId, text] as const,
  patientMatches: (id: number) => ['appointments', 'patient-matches', id] as const,
};

const byId = (id: number) => ({ params: { path: { id } } });

export const listAppointments = (params: AppointmentListParams) =>
  dataOf(
    api.GET('/api/appointment', {
      params: {
        query: {
          therapistIds: String(params.therapistId),
          appointmentStartFrom: params.from && toPracticeIsoDateTime(params.from),
          appointmentStartTo: params.to && toPracticeIsoDateTime(params.to),
          clientName: params.clientName || undefined,
          page: params.page,
          limit: params.limit,
        },
      },
    }),
  );

export const getAppointment = (id: number) => dataOf(api.GET('/api/appointment/{id}', byId(id)));

export const createAppointment = (body: AppointmentCreateBody) => dataOf(api.POST('/api/appointment', { body }));

export const patchAppointment = (id: number, body: AppointmentPatchBody) =>
  dataOf(api.PATCH('/api/appointment/{id}', { ...byId(id), body }));

export const bookAppointment = async (id: number, body: AppointmentBookBody) => {
  const booked = await dataOf(api.PATCH('/api/appointment/{id}/book', { ...byId(id), body }));
  return booked as Extract<typeof booked, { state: unknown }>;
};

/** Reject: a taken appointment becomes free again (spec §4.1). */
/** A held online booking's candidates: the therapist's patients with the e-mail the guest typed. */
export const findPatientMatches = async (id: number) =>
  (await dataOf(api.GET('/api/appointment/{id}/patient-matches', byId(id)))).list;

export const assignHeldBooking = (id: number, clientId: number) =>
  dataOf(api.PATCH('/api/appointment/{id}/patient', { ...byId(id), body: { clientId } }));

export const rejectAppointment = (id: number) => dataOf(api.PATCH('/api/appointment/{id}/cancel', byId(id)));

export const deleteAppointment = (id: number, deleteSeries: boolean) =>
  dataOf(
    api.DELETE('/api/appointment/{id}', {
      params: { path: { id }, query: deleteSeries ? { deleteSeries: true } : {} },
    }),
  );

export const copyAppointment = (appointmentId: number, start: Date) =>
  dataOf(
    api.POST('/api/appointment/copy', { body: { appointmentId, appointmentStart: toPracticeIsoDateTime(start) } }),
  );

/**
 * PATCH /appointment/state (spec §7): the selected appointments, or — without ids — every ready one of the therapist
 * in the past, become billable. Answers the ids that changed.
 */
export const markAppointmentsBillable = (therapistId: number, appointmentIds?: readonly number[]) =>
  dataOf(
    api.PATCH('/api/appointment/state', {
      body: {
        state: 'billable',
        therapistIds: [therapistId],
        appointmentIds: appointmentIds ? [...appointmentIds] : undefined,
      },
    }),
  );

type FeeCreateBody = JsonBody<paths['/api/appointment/medical-fee-appointment']['post']>;
type FeePatchBody = JsonBody<paths['/api/appointment/medical-fee-appointment/{id}']['patch']>;

export const feeKeys = { appointment: (id: number) => ['appointments', 'fees', id] as const };

export const listAppointmentFees = async (appointmentId: number) =>
  (await dataOf(api.GET('/api/appointment/medical-fee-appointment', { params: { query: { appointmentId } } }))).list;
export type AppointmentFee = Awaited<ReturnType<typeof listAppointmentFees>>[number];

export const createAppointmentFee = (body: FeeCreateBody) =>
  dataOf(api.POST('/api/appointment/medical-fee-appointment', { body }));

export const patchAppointmentFee = (id: number, body: FeePatchBody) =>
  dataOf(api.PATCH('/api/appointment/medical-fee-appointment/{id}', { ...byId(id), body }));

export const deleteAppointmentFee = (id: number) =>
  dataOf(api.DELETE('/api/appointment/medical-fee-appointment/{id}', byId(id)));

/** The practice's patients for the picker (spec §2.2: GET /user with the registered role and a search text). */
export const searchPatients = async (therapistId: number, searchString: string) =>
  (
    await dataOf(
      api.GET('/api/user', {
        params: { query: { rolesList: '2', therapistId, searchString, limit: DEFAULT_PAGE_SIZE, page: 1 } },
      }),
    )
  ).list;
