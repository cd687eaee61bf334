import { z } from 'zod';
import { idField, plainText } from '../common/fields.js';
import { ValidationKey as V } from '../errors.js';
import { checkedCoaching, checkedRate, failAt } from './fee-entry-checks.js';
import { JUSTIFICATION_MAX_LENGTH } from './justifications.js';

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
  /** The highest rate without a written justification, as on the wire ('2.3'; '1.8' for section A items). */
  thresholdFactor: z.string(),
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
  /** Why a GOÄ rate above its item's threshold is charged (§12 Abs.3 GOÄ), printed under the invoice line. */
  justification: z.string().nullable(),
  /** The GOÄ item of a GOÄ entry (null for coaching). */
  item: feeCatalogueItemSchema.nullable(),
});
export type FeeDefault = z.infer<typeof feeDefaultSchema>;
export const feeDefaultListSchema = z.object({ list: z.array(feeDefaultSchema) });

const numberOrText = z.union([plainText().max(20), z.number()]);

/** A fee entry's justification: trimmed, blank is none. */
export const justificationField = plainText().trim().max(JUSTIFICATION_MAX_LENGTH, V.tooLong).nullish();

export type FeeDefaultEntry =
  | { codeValue: string; alternativeTitle: string | null; incrementalRate: number; justification: string | null }
  | { codeValue?: null; coachingTitle: string; coachingAmount: number; coachingAmountTax: 'add' | 'notax' };

const feeDefaultEntryFields = {
  codeValue: plainText().trim().max(10).nullish(),
  alternativeTitle: plainText().trim().max(255, V.tooLong).nullish(),
  incrementalRate: numberOrText.nullish(),
  justification: justificationField,
  coachingTitle: plainText().trim().max(255, V.tooLong).nullish(),
  coachingAmount: numberOrText.nullish(),
  coachingAmountTax: z.enum(COACHING_TAX).nullish(),
};
type FeeDefaultEntryFields = z.output<z.ZodObject<typeof feeDefaultEntryFields>>;

/**
 * A GOÄ entry (codeValue + rate, rate in hundredths) or a coaching entry (title + positive amount in cents): an entry
 * without codeValue is a coaching entry (spec people §3). A refusal names the field it concerns.
 */
function toFeeDefaultEntry(value: FeeDefaultEntryFields, context: z.RefinementCtx): FeeDefaultEntry {
  const fail = failAt(context);
  if (value.codeValue) {
    return {
      codeValue: value.codeValue,
      alternativeTitle: value.alternativeTitle || null,
      // A stored default is a GOÄ factor: the single rate (1,0) at least.
      incrementalRate: checkedRate(value.incrementalRate, fail, 100),
      justification: value.justification || null,
    };
  }
  const coaching = checkedCoaching(value.coachingTitle, value.coachingAmount, fail);
  return {
    codeValue: null,
    coachingTitle: coaching.title,
    coachingAmount: coaching.cents,
    coachingAmountTax: value.coachingAmountTax ?? 'notax',
  };
}

export const feeDefaultEntrySchema = z.object(feeDefaultEntryFields).transform(toFeeDefaultEntry);

/**
 * A fee default in the patient form's save: a stored one kept by its id, or a new entry. One object rather than a
 * union of the two, so a refusal names its field ('feeDefaults.0.coachingAmount'), not only the row.
 */
export const recordFeeDefaultSchema = z
  .object({ id: idField.optional(), ...feeDefaultEntryFields })
  .transform((value, context): { id: number } | FeeDefaultEntry =>
    value.id === undefined ? toFeeDefaultEntry(value, context) : { id: value.id },
  );

export const feeDefaultCreateSchema = z
  .object({ userId: idField })
  .passthrough()
  .transform((value, context) => {
    const entry = feeDefaultEntrySchema.safeParse(value);
    if (entry.success) return { userId: value.userId, entry: entry.data };
    for (const issue of entry.error.issues) context.addIssue({ ...issue, code: 'custom', message: issue.message });
    return z.NEVER;
  });
export const feeDefaultSearchSchema = z.object({ filter: z.object({ userId: z.array(idField).min(1).max(100) }) });
export const feeDefaultDeleteSchema = z.object({ filter: z.object({ id: z.array(idField).min(1).max(100) }) });
