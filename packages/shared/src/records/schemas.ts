import { z } from 'zod';
import { idField, plainText } from '../common/fields.js';
import { ValidationKey as V } from '../errors.js';
import { parseEuroCents, parseRate } from './fees.js';

export const catalogueSearchQuerySchema = z.object({ searchString: plainText().trim().max(100).optional() });

export const diagnosisCatalogueSchema = z.object({
  list: z.array(z.object({ codeValue: z.string(), title: z.string() })),
});

export const userDiagnosisQuerySchema = z.object({ userId: idField });

export const userDiagnosisSchema = z.object({
  id: z.number(),
  userId: z.number(),
  codeValue: z.string().nullable(),
  freeText: z.string().nullable(),
  /** The catalogue title of codeValue. */
  title: z.string().nullable(),
});
export type UserDiagnosis = z.infer<typeof userDiagnosisSchema>;
export const userDiagnosisListSchema = z.object({ list: z.array(userDiagnosisSchema) });

const diagnosisContent = {
  codeValue: plainText().trim().max(10).nullish(),
  freeText: plainText().trim().max(500, V.tooLong).nullish(),
};

/** A code from the catalogue or a free text: exactly one of them. */
const oneOfCodeOrText = <T extends { codeValue?: string | null; freeText?: string | null }>(
  value: T,
  context: z.RefinementCtx,
) => {
  if (Boolean(value.codeValue) === Boolean(value.freeText)) {
    context.addIssue({ code: 'custom', message: V.required, path: [value.codeValue ? 'freeText' : 'codeValue'] });
  }
};

export const userDiagnosisCreateSchema = z
  .object({ userId: idField, ...diagnosisContent })
  .superRefine(oneOfCodeOrText);

export const feeCatalogueItemSchema = z.object({
  codeValue: z.string(),
  title: z.string(),
  titleShort: z.string(),
  /** Euros at factor 1 (points × 5.82873 ct, rounded half up). */
  amount: z.number(),
  points: z.number(),
  /** The highest rate allowed, as on the wire ('3.5'). */
  maxFactor: z.string(),
});
export type FeeCatalogueItem = z.infer<typeof feeCatalogueItemSchema>;
export const feeCatalogueSchema = z.object({ list: z.array(feeCatalogueItemSchema) });

export const COACHING_TAX = ['add', 'notax'] as const;

export const feeDefaultSchema = z.object({
  id: z.number(),
  userId: z.number(),
  codeValue: z.string().nullable(),
  alternativeTitle: z.string().nullable(),
  /** Point decimal, trailing zeros stripped ('2.3'). */
  incrementalRate: z.string().nullable(),
  coachingTitle: z.string().nullable(),
  /** Euros. */
  coachingAmount: z.number().nullable(),
  coachingAmountTax: z.enum(COACHING_TAX).nullable(),
});
export type FeeDefault = z.infer<typeof feeDefaultSchema>;
export const feeDefaultListSchema = z.object({ list: z.array(feeDefaultSchema) });

const rateField = z.union([plainText(), z.number()]).transform((value, context) => {
  const rate = parseRate(value);
  if (rate === null || rate < 100) {
    context.addIssue({ code: 'custom', message: V.invalidValue });
    return z.NEVER;
  }
  return rate;
});

const euroField = z.union([plainText(), z.number()]).transform((value, context) => {
  const cents = parseEuroCents(value);
  if (cents === null) {
    context.addIssue({ code: 'custom', message: V.invalidValue });
    return z.NEVER;
  }
  return cents;
});

/** A GOÄ entry (codeValue + rate) or a coaching entry (title + amount); rate in hundredths, amount in cents. */
export const feeDefaultEntrySchema = z.union([
  z.object({
    codeValue: plainText().trim().min(1, V.required).max(10),
    alternativeTitle: plainText().trim().max(255, V.tooLong).nullish(),
    incrementalRate: rateField,
  }),
  z.object({
    codeValue: z.null().optional(),
    coachingTitle: plainText().trim().min(1, V.required).max(255, V.tooLong),
    coachingAmount: euroField,
    coachingAmountTax: z.enum(COACHING_TAX).default('notax'),
  }),
]);
export type FeeDefaultEntry = z.output<typeof feeDefaultEntrySchema>;

export const feeDefaultCreateSchema = z.intersection(z.object({ userId: idField }), feeDefaultEntrySchema);
export const feeDefaultSearchSchema = z.object({ filter: z.object({ userId: z.array(idField).min(1).max(100) }) });
export const feeDefaultDeleteSchema = z.object({ filter: z.object({ id: z.array(idField).min(1).max(100) }) });
