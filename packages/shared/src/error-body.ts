import { z } from 'zod';

// Apart from errors.ts on purpose: the web's sign-in page reads the codes, and a schema would bring the schema library.
/** The JSON error body every failing API call answers with. */
export const errorBodySchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number(),
  detail: z.string(),
  code: z.string(),
  validationMessages: z.record(z.string(), z.array(z.string())).optional(),
  requestId: z.string().optional(),
  /**
   * Values for the code's message ('error.appointmentOverlapsOn' → { date: '14.04.2026 07:00' }); a few codes add a
   * list of records (error.invoiceGoaeExclusions → conflicts: [{ date, consultationCode, treatmentCode }]).
   */
  params: z.record(z.string(), z.union([z.string(), z.array(z.record(z.string(), z.string()))])).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
export type ErrorParams = NonNullable<ErrorBody['params']>;
