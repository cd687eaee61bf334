import { z } from 'zod';
import { emailField, idField, plainText, postalCodeField, requiredText, streetField } from '../common/fields.js';
import { CITY_MAX_LENGTH, NAME_MAX_LENGTH, PHONE_MAX_LENGTH, SALUTATIONS } from '../constants.js';
import { ValidationKey as V } from '../errors.js';
import { checkPhone, INSURANCE_TYPES } from '../patients/schemas.js';
import { APPOINTMENT_LOCATIONS, meetingTypeSchema } from './schemas.js';
import { dateTimeField } from './validation.js';

/*
 * The booking widget's calls (issue 9, spec appointments §2.1, §5 widget booking). The widget's own entry imports
 * only the types of this file (never zod), so its first view stays small; the server validates with the schemas.
 */

/** The longest window one widget call may ask for (a week plus slack for time-zone edges). */
export const WIDGET_MAX_WINDOW_DAYS = 14;
/** How far ahead the next free appointment is looked for (spec §9: the horizon is not shown). */
export const WIDGET_HORIZON_DAYS = 365;

/** GET /appointment/widget: the slots of one window, for one type when the visitor has chosen one. */
export const widgetQuerySchema = z.object({
  therapistId: idField,
  customerId: idField,
  from: dateTimeField,
  to: dateTimeField,
  /** The chosen type: only slots bookable with it (its own or untyped slots, its deadline). Left out: any type. */
  appointmentTypeId: idField.optional(),
  /** The chosen insurance: only types for it (or for any insurance) count. */
  insuranceType: z.enum(INSURANCE_TYPES).optional(),
});
export type WidgetQuery = z.input<typeof widgetQuerySchema>;

/** A free slot as a guest sees it: times and its type, nothing of the calendar around it. */
export const widgetSlotSchema = z.object({
  id: z.number(),
  appointmentStart: z.string(),
  appointmentEnd: z.string(),
  /** The type the slot was created for; null: any of the therapist's types may be booked into it. */
  appointmentTypeId: z.number().nullable(),
});
export type WidgetSlot = z.infer<typeof widgetSlotSchema>;

export const widgetAnswerSchema = z.object({
  therapist: z.object({
    id: z.number(),
    title: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
  }),
  practice: z.object({ id: z.number(), name: z.string() }),
  /** The therapist's active types in this practice. */
  types: z.array(meetingTypeSchema),
  /** Bookable slots in [from, to) (a past `from` is clamped to now), by start. */
  slots: z.array(widgetSlotSchema),
  /** The earliest bookable slot from now on (same filters), within the horizon; null when there is none. */
  nextFreeAppointment: widgetSlotSchema.nullable(),
});
export type WidgetAnswer = z.infer<typeof widgetAnswerSchema>;

/**
 * PATCH /appointment/{id}/book from the widget (a guest): the booking client of spec §3 with the chosen type and
 * insurance. Spec §5: salutation, names, phone country, phone and e-mail required; street (max 80), postal code and
 * city required; location when the type is for both places; the privacy acceptance must be true.
 */
export const widgetBookSchema = z
  .object({
    therapistId: idField,
    customerId: idField,
    insuranceType: z.enum(INSURANCE_TYPES, { error: V.mustSelect }),
    meetingType: idField,
    salutation: z.enum(SALUTATIONS, { error: V.mustSelect }),
    firstName: requiredText(NAME_MAX_LENGTH),
    lastName: requiredText(NAME_MAX_LENGTH),
    email: emailField,
    phoneCountry: plainText(V.required).trim().min(1, V.required).max(2),
    phone: plainText(V.required).trim().min(1, V.required).max(PHONE_MAX_LENGTH, V.phone),
    street: streetField,
    postalCode: postalCodeField,
    city: requiredText(CITY_MAX_LENGTH),
    location: z.enum(APPOINTMENT_LOCATIONS).nullish(),
    termsAndConditionsAccepted: z.literal(true, { error: V.required }),
    /** The language of the confirmation mail (the widget's). */
    language: z.enum(['de', 'en']).default('de'),
  })
  .strict()
  .transform(checkPhone);
export type WidgetBook = z.input<typeof widgetBookSchema>;

/** What a guest learns of the booked appointment: when and where, nothing else. */
export const widgetBookedSchema = z.object({
  id: z.number(),
  appointmentStart: z.string(),
  appointmentEnd: z.string(),
  location: z.enum(APPOINTMENT_LOCATIONS),
});
export type WidgetBooked = z.infer<typeof widgetBookedSchema>;

/** POST /appointment/waiting-list → 201: a guest waits for a slot of this therapist (issue 9, beyond the spec). */
export const waitingListJoinSchema = z
  .object({
    therapistId: idField,
    customerId: idField,
    firstName: requiredText(NAME_MAX_LENGTH),
    lastName: requiredText(NAME_MAX_LENGTH),
    email: emailField,
    insuranceType: z.enum(INSURANCE_TYPES).nullish(),
    appointmentTypeId: idField.nullish(),
    /** Consent to be e-mailed about freed slots and to have name and e-mail kept for up to 60 days. */
    consent: z.literal(true, { error: V.required }),
    language: z.enum(['de', 'en']).default('de'),
  })
  .strict();
export type WaitingListJoin = z.input<typeof waitingListJoinSchema>;

/** Days a waiting-list entry lives before it is deleted. */
export const WAITING_LIST_DAYS = 60;
