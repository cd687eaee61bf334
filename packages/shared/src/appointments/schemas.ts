import { z } from 'zod';
import { emailField, idField, optionalText, plainText, requiredText } from '../common/fields.js';
import { SALUTATIONS, STREET_MAX_LENGTH } from '../constants.js';
import { isSamePracticeDay } from '../dates.js';
import { ValidationKey as V } from '../errors.js';
import { checkPhone, INSURANCE_TYPES } from '../patients/schemas.js';
import { idList } from '../users/list-schemas.js';
import { appointmentFeeSchema } from './fee-schemas.js';
import { SERIES_COUNT_DEFAULT, SERIES_INTERVALS } from './series.js';
import { APPOINTMENT_STATES } from './states.js';
import { listLimitField, listPageField, TYPE_LOCATIONS } from './type-schemas.js';
import { dateTimeField, digitsOrNumber, AppointmentValidationKey as K } from './validation.js';

/** Where one appointment takes place (a type may allow both; the booking then picks one). */
export const APPOINTMENT_LOCATIONS = ['onSite', 'remote'] as const;
export type AppointmentLocation = (typeof APPOINTMENT_LOCATIONS)[number];

const stateList = z
  .union([plainText(), z.array(plainText())])
  .transform((value) =>
    (Array.isArray(value) ? value : [value]).flatMap((part) => part.split(',')).map((s) => s.trim()),
  )
  .pipe(z.array(z.enum(APPOINTMENT_STATES)).max(4));

/** GET /appointment (spec §3 search filters, §7). */
export const appointmentQuerySchema = z.object({
  limit: listLimitField,
  page: listPageField,
  /** Part of the client's first or last name (the table's filter). */
  clientName: plainText().trim().max(100).optional(),
  appointmentStartFrom: dateTimeField.optional(),
  appointmentStartTo: dateTimeField.optional(),
  state: stateList.optional(),
  therapistIds: idList.optional(),
  customerIds: idList.optional(),
  clientIds: idList.optional(),
  /** An appointment type id. */
  meetingType: idField.optional(),
});
export type AppointmentQuery = z.infer<typeof appointmentQuerySchema>;

export const meetingTypeSchema = z.object({
  id: z.number(),
  name: z.string(),
  location: z.enum(TYPE_LOCATIONS),
  duration: z.number(),
  insuranceType: z.enum(INSURANCE_TYPES).nullable(),
});

export const appointmentClientSchema = z.object({
  salutation: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  phoneCountry: z.string().nullable(),
  phone: z.string().nullable(),
  street: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
});

export const appointmentSchema = z.object({
  id: z.number(),
  customerId: z.number(),
  therapistId: z.number(),
  clientId: z.number().nullable(),
  state: z.enum(APPOINTMENT_STATES),
  /** ISO 8601 with the German offset ('2026-03-30T07:00:00+02:00'). */
  appointmentStart: z.string(),
  appointmentEnd: z.string(),
  meetingType: meetingTypeSchema.nullable(),
  location: z.enum(APPOINTMENT_LOCATIONS).nullable(),
  notes: z.string().nullable(),
  issue: z.string().nullable(),
  insuranceType: z.enum(INSURANCE_TYPES).nullable(),
  sendEmails: z.boolean(),
  reminderSent: z.boolean(),
  billedAt: z.string().nullable(),
  seriesId: z.string().nullable(),
  series: z.object({ interval: z.enum(SERIES_INTERVALS), count: z.number() }).nullable(),
  /** The client's first appointment with this therapist. */
  isFirstAppointment: z.boolean(),
  client: appointmentClientSchema.nullable(),
  medicalFeeSchedules: z.array(appointmentFeeSchema),
  /** Billing validity (spec §4.1), for the cell hints and the billing actions. */
  billing: z.object({ feesComplete: z.boolean(), addressComplete: z.boolean() }),
  /** The invoice a billed appointment is on, for its link ("Rechnung erstellt"); null in the other states. */
  invoice: z.object({ id: z.number(), invoiceNumber: z.string(), filename: z.string() }).nullable(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const appointmentListSchema = z.object({
  list: z.array(appointmentSchema),
  maxItems: z.number(),
  currentPage: z.number(),
  limit: z.number(),
});
export type AppointmentList = z.infer<typeof appointmentListSchema>;

type TimeRange = { appointmentStart?: Date; appointmentEnd?: Date };

/** Spec §5: the end after the start, on the same day (German time). */
export function checkTimeRange(value: TimeRange, context: z.RefinementCtx): void {
  const { appointmentStart: start, appointmentEnd: end } = value;
  // A field that failed its own check arrives here untransformed (zod still runs object refinements).
  if (!(start instanceof Date) || !(end instanceof Date)) return;
  if (end.getTime() <= start.getTime()) {
    context.addIssue({ code: 'custom', message: K.endBeforeStart, path: ['appointmentEnd'] });
  } else if (!isSamePracticeDay(start, end)) {
    context.addIssue({ code: 'custom', message: K.multipleDays, path: ['appointmentEnd'] });
  }
}

/** A series' count: 2 to 50 appointments (spec §5). */
export const seriesCountField = digitsOrNumber(K.seriesCount, 2).refine(
  (count) => count >= 2 && count <= 50,
  K.seriesCount,
);

export const seriesRequestSchema = z.object({
  interval: z.enum(SERIES_INTERVALS),
  count: seriesCountField.default(SERIES_COUNT_DEFAULT),
});

const appointmentFields = {
  /** An appointment type id; its duration sets the end when no end is given. */
  meetingType: idField.nullish(),
  appointmentStart: dateTimeField,
  appointmentEnd: dateTimeField.optional(),
  location: z.enum(APPOINTMENT_LOCATIONS).nullish(),
  notes: optionalText(2000),
  issue: optionalText(2000),
  insuranceType: z.enum(INSURANCE_TYPES).nullish(),
  sendEmails: z.boolean().optional(),
};

/** POST /appointment: a free slot, or a series of them (all or none). */
export const appointmentCreateSchema = z
  .object({
    ...appointmentFields,
    customerId: idField.optional(),
    therapistId: idField.optional(),
    /** A new appointment is available (spec §4.1); create-and-book books it afterwards. */
    state: z.literal('available').optional(),
    series: seriesRequestSchema.nullish(),
  })
  .superRefine(checkTimeRange);
export type AppointmentCreate = z.input<typeof appointmentCreateSchema>;

/** PATCH /appointment/{id}: the appointment's fields, or a state change between taken and billable. */
export const appointmentPatchSchema = z
  .object({
    ...appointmentFields,
    appointmentStart: dateTimeField.optional(),
    notes: optionalText(2000).optional(),
    issue: optionalText(2000).optional(),
    state: z.enum(APPOINTMENT_STATES).optional(),
  })
  .superRefine(checkTimeRange);
export type AppointmentPatch = z.input<typeof appointmentPatchSchema>;

const countryField = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, V.invalidValue)
  .transform((value) => value.toUpperCase());

/**
 * PATCH /appointment/{id}/book: the client's data (spec §3, §5). With `clientId` the linked patient's own data fills
 * what is left out; without it first name, last name and e-mail are required, and the patient is found by e-mail or
 * created.
 */
export const appointmentBookSchema = z
  .object({
    clientId: idField.nullish(),
    salutation: z.enum(SALUTATIONS).nullish(),
    firstName: requiredText(100).optional(),
    lastName: requiredText(100).optional(),
    email: emailField.optional(),
    phoneCountry: countryField.nullish(),
    phone: plainText().trim().max(30, V.phone).nullish(),
    street: plainText().trim().max(STREET_MAX_LENGTH, V.max80Signs).nullish(),
    postalCode: optionalText(20).optional(),
    city: optionalText(100).optional(),
    insuranceType: z.enum(INSURANCE_TYPES).nullish(),
    issue: optionalText(2000).optional(),
    notes: optionalText(2000).optional(),
    meetingType: idField.nullish(),
    location: z.enum(APPOINTMENT_LOCATIONS).nullish(),
    sendEmails: z.boolean().optional(),
    /** The series the slot was created in (create-and-book sends it back); informational. */
    seriesId: z.uuid().nullish(),
  })
  .superRefine((value, context) => {
    if (value.clientId) return;
    for (const field of ['firstName', 'lastName', 'email'] as const) {
      if (!value[field]) context.addIssue({ code: 'custom', message: V.required, path: [field] });
    }
  })
  .transform(checkPhone);
export type AppointmentBook = z.input<typeof appointmentBookSchema>;

export const appointmentDeleteQuerySchema = z.object({
  deleteSeries: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((value) => value === true || value === 'true')
    .default(false),
});

/** POST /appointment/copy → 201 (spec §7). */
export const appointmentCopySchema = z.object({ appointmentId: idField, appointmentStart: dateTimeField });

/**
 * A guest's online booking whose e-mail is already a patient's is held, not joined to that record (anyone can type an
 * address): the practice checks the details and names the patient (PATCH /appointment/{id}/patient).
 */
export const appointmentAssignPatientSchema = z.object({ clientId: idField }).strict();

/** GET /appointment/{id}/patient-matches: the therapist's patients with the held booking's e-mail. */
export const appointmentPatientMatchesSchema = z.object({
  list: z.array(
    z.object({ id: z.number(), firstName: z.string(), lastName: z.string(), patientNumber: z.number().nullable() }),
  ),
});

/** PATCH /appointment/state: bulk billable (or billed, which only invoicing does). */
export const appointmentBulkStateSchema = z.object({
  state: z.enum(['billable', 'billed']),
  therapistIds: z.array(idField).min(1).max(100),
  /** The selection; left out, every appointment of the therapists in the past that is ready. */
  appointmentIds: z.array(idField).max(1000).optional(),
});
export const appointmentBulkStateResultSchema = z.object({ appointmentIds: z.array(z.number()) });

export const securityTokenParamsSchema = z.object({ securityToken: plainText().trim().min(1).max(200) });

/** GET /appointment/cancel/{securityToken}: what the public cancel page shows (no health data). */
export const appointmentCancelInfoSchema = z.object({
  appointmentStart: z.string(),
  appointmentEnd: z.string(),
  therapistName: z.string(),
  practiceName: z.string(),
  location: z.enum(APPOINTMENT_LOCATIONS).nullable(),
});
