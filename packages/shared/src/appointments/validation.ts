import { z } from 'zod';
import { plainText } from '../common/fields.js';
import { parsePracticeDateTime } from '../dates.js';
import { ValidationKey as V } from '../errors.js';

/** Validation keys of the appointment and appointment type forms (texts in the catalogue's validation section). */
export const AppointmentValidationKey = {
  dateTime: 'error.appointmentDateTime',
  endBeforeStart: 'error.appointmentEndBeforeStart',
  /** "Der Termin darf sich nicht über mehrere Tage erstrecken." */
  multipleDays: 'error.appointmentMultipleDays',
  /** "Die Anzahl der Termine muss zwischen 2 und 50 liegen." */
  seriesCount: 'error.appointmentSeriesCount',
  /** The type's duration: digits only, fewer than 4. */
  typeDuration: 'error.appointmentTypeDuration',
  /** A slot that carries a type can only be booked with that type. */
  typeMismatch: 'error.appointmentTypeMismatch',
} as const;

/** Spec §5 texts the server answers in `detail` and the catalogue shows under the field. */
export const MULTIPLE_DAYS_TEXT = 'Der Termin darf sich nicht über mehrere Tage erstrecken.';
export const SERIES_COUNT_TEXT = 'Die Anzahl der Termine muss zwischen 2 und 50 liegen.';

/**
 * Validation keys whose spec text is also the answer's `detail` (spec §8: a validation error shows the server's
 * detail text), so a client that shows only the detail still shows the spec's words.
 */
export const VALIDATION_DETAIL_TEXTS: Record<string, string> = {
  [AppointmentValidationKey.multipleDays]: MULTIPLE_DAYS_TEXT,
  [AppointmentValidationKey.seriesCount]: SERIES_COUNT_TEXT,
};

/** A date-time on the wire (ISO 8601; without offset it is German wall-clock time) → the instant. */
export const dateTimeField = plainText(V.required)
  .trim()
  .min(1, { message: V.required, abort: true })
  .max(40, AppointmentValidationKey.dateTime)
  .transform((value, context) => {
    const instant = parsePracticeDateTime(value);
    if (instant) return instant;
    context.addIssue({ code: 'custom', message: AppointmentValidationKey.dateTime });
    return z.NEVER;
  });

/** A number that may come as digits in a string ('10') or as a number; `message` when it is neither. */
export const digitsOrNumber = (message: string, maxDigits: number) =>
  z.union([plainText().trim(), z.number()]).transform((value, context) => {
    const text = String(value);
    if (!new RegExp(`^\\d{1,${maxDigits}}$`).test(text)) {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return Number(text);
  });
