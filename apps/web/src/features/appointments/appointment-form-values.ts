import {
  type Appointment,
  appointmentFormSchema,
  formatPracticeDateTime,
  hasClientData,
  isBooking,
  parseFormDateTime,
  SALUTATIONS,
  SERIES_COUNT_DEFAULT,
  type SeriesInterval,
  type TypeLocation,
  toPracticeIsoDateTime,
} from '@praxia/shared';
import { schemaValidator } from '../../lib/schema-validator';
import type { AppointmentBookBody, AppointmentCreateBody, AppointmentPatchBody } from './api';

/** The create/edit dialog (spec appointments §3, §5); dates as typed text 'DD.MM.YYYY HH:mm'. */
export type AppointmentFormValues = {
  therapistId: number | null;
  customerId: number | null;
  /** The appointment type id as the select holds it. */
  meetingType: string | null;
  appointmentStart: string;
  appointmentEnd: string;
  location: 'onSite' | 'remote' | null;
  notes: string;
  issue: string;
  sendEmails: boolean;
  seriesInterval: SeriesInterval | 'none';
  seriesCount: string;
  clientId: number | null;
  /** The linked patient's name, shown in the picker. */
  clientLabel: string;
  salutation: (typeof SALUTATIONS)[number] | null;
  firstName: string;
  lastName: string;
  email: string;
  phoneCountry: string | null;
  phone: string;
  street: string;
  postalCode: string;
  city: string;
};

export function emptyAppointmentValues(start: Date | null, defaults: Partial<AppointmentFormValues> = {}) {
  const values: AppointmentFormValues = {
    therapistId: null,
    customerId: null,
    meetingType: null,
    appointmentStart: start ? formatPracticeDateTime(start) : '',
    appointmentEnd: '',
    location: null,
    notes: '',
    issue: '',
    sendEmails: true,
    seriesInterval: 'none',
    seriesCount: String(SERIES_COUNT_DEFAULT),
    clientId: null,
    clientLabel: '',
    salutation: null,
    firstName: '',
    lastName: '',
    email: '',
    // Spec §9: the phone country defaults to Germany.
    phoneCountry: 'DE',
    phone: '',
    street: '',
    postalCode: '',
    city: '',
  };
  return { ...values, ...defaults };
}

/** Spec §5: picking a type sets the end to the start plus its duration; null while the start is not a valid time. */
export function endForType(startText: string, durationMinutes: number): string | null {
  const start = parseFormDateTime(startText);
  if (!start) return null;
  return formatPracticeDateTime(new Date(start.getTime() + durationMinutes * 60_000));
}

/** Spec §4.1: a new appointment e-mails the patient; for on-site types only when the therapist's default says so. */
export function defaultSendEmails(location: TypeLocation | null, onsiteNotificationDefault: boolean): boolean {
  return location === 'onSite' ? onsiteNotificationDefault : true;
}

export { hasClientData, isBooking };

/** Spec §5: creating with some client data but no linked client asks first. */
export const needsNoClientConfirmation = (values: AppointmentFormValues, isNew: boolean) =>
  isNew && values.clientId === null && hasClientData(values);

type Context = { typeLocation: TypeLocation | null; isNew: boolean };

/** The dialog's rules of spec §5 (the shared form schema) as field → message key, for @mantine/form's `validate`. */
export function validateAppointment(values: AppointmentFormValues, context: Context): Record<string, string> {
  return schemaValidator(appointmentFormSchema(context))(values);
}

const wire = (text: string) => {
  const instant = parseFormDateTime(text);
  return instant ? toPracticeIsoDateTime(instant) : text;
};
const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** POST /appointment: a free slot or a series of them (spec §4.1: new appointments are available). */
export function toCreatePayload(values: AppointmentFormValues): AppointmentCreateBody {
  return {
    therapistId: values.therapistId ?? undefined,
    customerId: values.customerId ?? undefined,
    meetingType: values.meetingType ? Number(values.meetingType) : null,
    appointmentStart: wire(values.appointmentStart),
    appointmentEnd: wire(values.appointmentEnd),
    location: values.location,
    notes: orNull(values.notes),
    issue: orNull(values.issue),
    sendEmails: values.sendEmails,
    series:
      values.seriesInterval === 'none'
        ? null
        : { interval: values.seriesInterval, count: Number(values.seriesCount.trim()) },
  };
}

/** PATCH /appointment/{id}: the appointment's own fields (the client goes through booking). */
export function toPatchPayload(values: AppointmentFormValues): AppointmentPatchBody {
  const { therapistId: _therapist, customerId: _customer, series: _series, ...rest } = toCreatePayload(values);
  return rest;
}

/** PATCH /appointment/{id}/book: the linked patient, or the typed-in data (the server finds or creates the patient). */
export function toBookPayload(values: AppointmentFormValues, seriesId: string | null): AppointmentBookBody {
  const shared = {
    meetingType: values.meetingType ? Number(values.meetingType) : null,
    location: values.location,
    notes: orNull(values.notes),
    issue: orNull(values.issue),
    sendEmails: values.sendEmails,
    seriesId,
  };
  if (values.clientId !== null) return { ...shared, clientId: values.clientId };
  return {
    ...shared,
    salutation: values.salutation,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    phone: orNull(values.phone),
    phoneCountry: values.phoneCountry,
    street: orNull(values.street),
    postalCode: orNull(values.postalCode),
    city: orNull(values.city),
  };
}

/** The dialog's values for a stored appointment. */
export function toAppointmentValues(appointment: Appointment): AppointmentFormValues {
  const client = appointment.client;
  const name = client ? [client.firstName, client.lastName].filter(Boolean).join(' ') : '';
  // The typed-in client of an unlinked booking; a linked one shows the patient record's name only.
  const typed = appointment.clientId ? null : client;
  return emptyAppointmentValues(null, {
    therapistId: appointment.therapistId,
    customerId: appointment.customerId,
    meetingType: appointment.meetingType ? String(appointment.meetingType.id) : null,
    appointmentStart: formatPracticeDateTime(appointment.appointmentStart),
    appointmentEnd: formatPracticeDateTime(appointment.appointmentEnd),
    location: appointment.location,
    notes: appointment.notes ?? '',
    issue: appointment.issue ?? '',
    sendEmails: appointment.sendEmails,
    clientId: appointment.clientId,
    clientLabel: appointment.clientId ? name : '',
    salutation: SALUTATIONS.find((value) => value === typed?.salutation) ?? null,
    firstName: typed?.firstName ?? '',
    lastName: typed?.lastName ?? '',
    email: typed?.email ?? '',
    phoneCountry: typed?.phoneCountry ?? 'DE',
  });
}
