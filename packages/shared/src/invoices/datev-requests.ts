import { z } from 'zod';
import { idField } from '../common/fields.js';
import { ValidationKey as V } from '../errors.js';

/**
 * GET /invoice/export/datev: the invoices issued and the payments received in [dateStart, dateEnd], calendar days in
 * German time. DATEV dates a booking by day and month only and takes the year from the batch, so one batch covers
 * one fiscal year (the calendar year) at most.
 */
export const datevExportQuerySchema = z
  .object({
    dateStart: z.iso.date(V.invalidValue),
    dateEnd: z.iso.date(V.invalidValue),
    therapistId: idField.optional(),
  })
  .refine((query) => query.dateStart <= query.dateEnd, { path: ['dateEnd'], message: V.invalidValue })
  .refine((query) => query.dateStart.slice(0, 4) === query.dateEnd.slice(0, 4), {
    path: ['dateEnd'],
    message: V.datevOneFiscalYear,
  });
export type DatevExportQuery = z.infer<typeof datevExportQuerySchema>;
