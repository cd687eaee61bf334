import { z } from 'zod';
import { INT4_MAX, idField, requiredText } from '../common/fields.js';
import { ValidationKey as V } from '../errors.js';
import { INSURANCE_TYPES } from '../patients/schemas.js';
import { booleanParam, idList } from '../users/list-schemas.js';
import { digitsOrNumber, AppointmentValidationKey as K } from './validation.js';

export const TYPE_LOCATIONS = ['onSite', 'remote', 'both'] as const;
export type TypeLocation = (typeof TYPE_LOCATIONS)[number];
export const BOOKING_DEADLINES = ['none', 'PT2H', 'PT6H', 'PT12H', 'PT16H', 'P1D', 'P2D', 'P3D', 'P7D'] as const;
export type BookingDeadline = (typeof BOOKING_DEADLINES)[number];

/** The type every new therapist starts with, so the calendar works from the first minute. */
export const DEFAULT_APPOINTMENT_TYPE = { name: 'Therapiesitzung', durationMinutes: 50, location: 'onSite' } as const;

/** Spec §5: duration required, digits only, fewer than 4 characters, and at least one minute. */
const durationField = digitsOrNumber(K.typeDuration, 3).refine((minutes) => minutes >= 1, V.notZero);

export const appointmentTypeSchema = z.object({
  id: z.number(),
  userId: z.number(),
  customerId: z.number(),
  name: z.string(),
  /** Minutes. */
  duration: z.number(),
  insuranceType: z.enum(INSURANCE_TYPES).nullable(),
  location: z.enum(TYPE_LOCATIONS),
  bookingDeadline: z.enum(BOOKING_DEADLINES),
  deactivated: z.boolean(),
});
export type AppointmentType = z.infer<typeof appointmentTypeSchema>;

export const appointmentTypeListSchema = z.object({
  list: z.array(appointmentTypeSchema),
  maxItems: z.number(),
  currentPage: z.number(),
  limit: z.number(),
});

/** A page size: 1..1000, and 0 for "all" (capped at 1000 like the other lists). */
export const listLimitField = z.coerce
  .number()
  .int()
  .min(0)
  .max(1000)
  .default(50)
  .transform((value) => (value === 0 ? 1000 : value));
export const listPageField = z.coerce.number().int().min(1).max(INT4_MAX).default(1);

export const appointmentTypeQuerySchema = z.object({
  /** Whose types: an assistant names the selected therapist; a therapist sees only their own. */
  userIds: idList.optional(),
  deactivated: booleanParam.optional(),
  limit: listLimitField,
  page: listPageField,
});
export type AppointmentTypeQuery = z.infer<typeof appointmentTypeQuerySchema>;

const typeFields = {
  name: requiredText(100),
  duration: durationField,
  location: z.enum(TYPE_LOCATIONS, { error: V.required }),
  insuranceType: z.enum(INSURANCE_TYPES).nullish(),
  bookingDeadline: z.enum(BOOKING_DEADLINES).default('none'),
  deactivated: z.boolean().default(false),
};

/** POST /appointmentTypes: userId names the therapist (an assistant's selected one); a therapist's own by default. */
export const appointmentTypeCreateSchema = z.object({ ...typeFields, userId: idField.optional() });
export type AppointmentTypeCreate = z.input<typeof appointmentTypeCreateSchema>;

/** PATCH /appointmentTypes/{id}: the whole form or only `deactivated` (the list's toggle). */
export const appointmentTypePatchSchema = z.object({
  name: typeFields.name.optional(),
  duration: durationField.optional(),
  location: typeFields.location.optional(),
  insuranceType: typeFields.insuranceType,
  bookingDeadline: z.enum(BOOKING_DEADLINES).optional(),
  deactivated: z.boolean().optional(),
  /** Accepted for the spec's payload; a type stays with its therapist. */
  userId: idField.optional(),
});
export type AppointmentTypePatch = z.input<typeof appointmentTypePatchSchema>;

/** A therapist's calendar settings (the types page's notification checkbox). */
export const calendarSettingsSchema = z.object({
  userId: z.number(),
  appointmentOnsiteNotificationDefault: z.boolean(),
  /** Whether a private calendar feed exists (its address is only shown when created or renewed). */
  hasCalendarFeed: z.boolean(),
});
export type CalendarSettings = z.infer<typeof calendarSettingsSchema>;
export const calendarSettingsQuerySchema = z.object({ userId: idField.optional() });
export const calendarSettingsPatchSchema = z.object({
  userId: idField.optional(),
  appointmentOnsiteNotificationDefault: z.boolean(),
});
/** POST /calendar-feed: the new secret address (the old one stops working). */
export const calendarFeedSchema = z.object({ url: z.string() });
export const calendarFeedRenewSchema = z.object({ userId: idField.optional() });
