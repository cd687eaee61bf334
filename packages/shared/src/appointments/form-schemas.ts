import { z } from 'zod';
import { emailField, formSchema, plainText, requiredText } from '../common/fields.js';
import { STREET_MAX_LENGTH } from '../constants.js';
import { ValidationKey as V } from '../errors.js';
import { checkFormPhone } from '../patients/form-schemas.js';
import { parseFormDateTime } from '../practice-week.js';
import { checkTimeRange, seriesCountField } from './schemas.js';
import type { TypeLocation } from './type-schemas.js';
import { AppointmentValidationKey as K } from './validation.js';

/** The client fields of the appointment dialog: typing into any of them books the appointment for that person. */
export const APPOINTMENT_CLIENT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'street',
  'postalCode',
  'city',
] as const;

type ClientParts = { clientId: number | null; phoneCountry?: string | null } & Record<
  (typeof APPOINTMENT_CLIENT_FIELDS)[number],
  string
>;

export const hasClientData = (values: Omit<ClientParts, 'clientId'>) =>
  APPOINTMENT_CLIENT_FIELDS.some((field) => values[field].trim() !== '');

/** Whether the dialog books (a client is linked or typed in), which makes the client fields and the location count. */
export const isBooking = (values: ClientParts) => values.clientId !== null || hasClientData(values);

/** A date-time as typed in the dialog ('DD.MM.YYYY HH:mm', German wall clock) → the instant. */
const formDateTimeField = plainText(V.required)
  .trim()
  .min(1, { message: V.required, abort: true })
  .transform((value, context) => {
    const instant = parseFormDateTime(value);
    if (instant) return instant;
    context.addIssue({ code: 'custom', message: K.dateTime });
    return z.NEVER;
  });

/** Checks `value` by one of the API's field schemas and reports its first message on `field`. */
function reportBy(schema: z.ZodType, value: unknown, field: string, context: z.RefinementCtx) {
  const result = schema.safeParse(value);
  const message = result.error?.issues[0]?.message;
  if (message) context.addIssue({ code: 'custom', message, path: [field] });
}

type DialogContext = {
  /** Where the chosen type takes place; 'both' makes the booking choose. */
  typeLocation: TypeLocation | null;
  /** A new appointment may start a series. */
  isNew: boolean;
};

/**
 * The create/edit dialog of the calendar (spec appointments §5) on the form's values, by the API's field rules:
 * times as typed, the end after the start on the same day, the series' count, the client's name and e-mail when one
 * is typed in (not linked), a valid phone with its country, the location when the type allows both and the dialog books.
 */
export const appointmentFormSchema = ({ typeLocation, isNew }: DialogContext) =>
  formSchema(
    z.object({
      therapistId: z.number(V.required),
      customerId: z.number(V.required),
      meetingType: z.string(V.required).min(1, V.required),
      appointmentStart: formDateTimeField,
      appointmentEnd: formDateTimeField,
      street: plainText().trim().max(STREET_MAX_LENGTH, V.max80Signs),
    }),
    (parsed, context) => {
      const instant = (text: unknown) => (typeof text === 'string' && parseFormDateTime(text)) || undefined;
      checkTimeRange(
        { appointmentStart: instant(parsed.appointmentStart), appointmentEnd: instant(parsed.appointmentEnd) },
        context,
      );
      const values = parsed as unknown as ClientParts & {
        location: string | null;
        seriesInterval: string;
        seriesCount: string;
      };
      if (typeLocation === 'both' && isBooking(values) && !values.location) {
        context.addIssue({ code: 'custom', message: V.required, path: ['location'] });
      }
      if (isNew && values.seriesInterval !== 'none') {
        reportBy(seriesCountField, values.seriesCount, 'seriesCount', context);
      }
      if (values.clientId !== null) return;
      if (hasClientData(values)) {
        reportBy(requiredText(100), values.firstName, 'firstName', context);
        reportBy(requiredText(100), values.lastName, 'lastName', context);
        reportBy(emailField, values.email, 'email', context);
      }
      checkFormPhone(values, context);
    },
  );
