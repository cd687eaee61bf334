import { z } from 'zod';
import { idField, plainText } from '../common/fields.js';
import { ValidationKey as V } from '../errors.js';
import { checkedCoaching, checkedRate, failAt } from '../records/fee-entry-checks.js';
import { COACHING_TAX, feeCatalogueItemSchema, justificationField } from '../records/schemas.js';
import { idList } from '../users/list-schemas.js';

/** A fee entry of an appointment (spec §3 Appointment medical fee entry), with its amount in cents. */
export const appointmentFeeSchema = z.object({
  id: z.number(),
  appointmentId: z.number(),
  medicalFeeScheduleCodeValue: z.string().nullable(),
  medicalFeeScheduleAlternativeTitle: z.string().nullable(),
  /** Point decimal, trailing zeros stripped ('2.3'); '1' for coaching. */
  incrementalRate: z.string().nullable(),
  /** Why a GOÄ rate above its item's threshold is charged (§12 Abs.3 GOÄ), printed under the invoice line. */
  justification: z.string().nullable(),
  coachingTitle: z.string().nullable(),
  /** Euros. */
  coachingAmount: z.number().nullable(),
  coachingAmountAddTax: z.enum(COACHING_TAX).nullable(),
  /** The entry's fee in cents (GOÄ: points × point value × rate; coaching: the amount, tax not included). */
  amountCents: z.number(),
});
export type AppointmentFee = z.infer<typeof appointmentFeeSchema>;

/** GET /appointment/medical-fee-appointment: with the GOÄ item, so the form can label and bound the rate. */
export const appointmentFeeWithItemSchema = appointmentFeeSchema.extend({ item: feeCatalogueItemSchema.nullable() });
export const appointmentFeeListSchema = z.object({
  list: z.array(
    appointmentFeeWithItemSchema.extend({
      /**
       * The highest factor (hundredths) the patient's signed §2 GOÄ agreement allows for this entry on the session's
       * day; null without one (the catalogue's maximum applies). Never for section A items.
       */
      agreedMaxRate: z.number().nullable(),
    }),
  ),
});

export const appointmentFeeQuerySchema = z
  .object({ appointmentId: idField.optional(), appointmentIds: idList.optional() })
  .refine((value) => value.appointmentId !== undefined || (value.appointmentIds?.length ?? 0) > 0, {
    message: V.required,
    path: ['appointmentId'],
  });

const numberOrText = z.union([plainText().max(20), z.number()]);

export type AppointmentFeeEntry =
  | {
      kind: 'goae';
      codeValue: string;
      alternativeTitle: string | null;
      incrementalRate: number;
      justification: string | null;
    }
  | { kind: 'coaching'; coachingTitle: string; coachingAmountCents: number; coachingAmountTax: 'add' | 'notax' };

const feeFields = {
  medicalFeeScheduleCodeValue: plainText().trim().max(10).nullish(),
  medicalFeeScheduleAlternativeTitle: plainText().trim().max(255, V.tooLong).nullish(),
  incrementalRate: numberOrText.nullish(),
  justification: justificationField,
  coachingTitle: plainText().trim().max(255, V.tooLong).nullish(),
  coachingAmount: numberOrText.nullish(),
  coachingAmountAddTax: z.enum(COACHING_TAX).nullish(),
};

type FeeFields = { [K in keyof typeof feeFields]?: z.output<(typeof feeFields)[K]> };

/**
 * Spec §5 fee entry: a GOÄ entry needs a positive rate (rate in hundredths); a coaching entry (no code) needs a
 * title and a positive amount (cents). A rate sent with a coaching entry is ignored: its rate is 1 (reset to 1).
 */
export function toFeeEntry(value: FeeFields, context: z.RefinementCtx): AppointmentFeeEntry {
  const fail = failAt(context);
  if (value.medicalFeeScheduleCodeValue) {
    return {
      kind: 'goae',
      codeValue: value.medicalFeeScheduleCodeValue,
      alternativeTitle: value.medicalFeeScheduleAlternativeTitle || null,
      incrementalRate: checkedRate(value.incrementalRate, fail, 1),
      justification: value.justification || null,
    };
  }
  const coaching = checkedCoaching(value.coachingTitle, value.coachingAmount, fail);
  return {
    kind: 'coaching',
    coachingTitle: coaching.title,
    coachingAmountCents: coaching.cents,
    coachingAmountTax: value.coachingAmountAddTax ?? 'notax',
  };
}

/** POST /appointment/medical-fee-appointment. */
export const appointmentFeeCreateSchema = z
  .object({ appointmentId: idField, ...feeFields })
  .transform((value, context) => ({ appointmentId: value.appointmentId, entry: toFeeEntry(value, context) }));

/** PATCH /appointment/medical-fee-appointment/{id}: the whole entry again (GOÄ or coaching). */
export const appointmentFeePatchSchema = z
  .object(feeFields)
  .transform((value, context) => ({ entry: toFeeEntry(value, context) }));
