import {
  agreedMaximum,
  DEFAULT_RATE_HUNDREDTHS,
  ErrorCode,
  type FeeAgreement,
  formatRateUi,
  itemConflicts,
  mayBillGoae,
  needsJustification,
  parseRate,
  ValidationKey,
} from '@praxia/shared';
import type { feeScheduleItems, patients } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';

type FeeItemRow = typeof feeScheduleItems.$inferSelect;

/** Where a field of the entry sits in the request ('incrementalRate', or 'feeDefaults.0.incrementalRate'). */
export type FieldPath = (field: string) => string;
export const ownField: FieldPath = (field) => field;

/** Who bills an entry and under which agreement: the therapist's job type, the patient's §2 GOÄ agreement. */
export type GoaeBillingContext = {
  therapistJobType: string | null;
  agreement: FeeAgreement | null;
  /** The service's day 'YYYY-MM-DD' (an appointment's entry); null for the patient's defaults. */
  serviceDate: string | null;
};

/** The patient's fee agreement under §2 GOÄ when it is complete and signed (an unsigned one allows nothing). */
export function feeAgreementOf(
  patient: Pick<typeof patients.$inferSelect, 'feeAgreementDate' | 'feeAgreementFactor' | 'feeAgreementSigned'>,
): FeeAgreement | null {
  const factor = patient.feeAgreementFactor === null ? null : parseRate(patient.feeAgreementFactor);
  if (!patient.feeAgreementSigned || !patient.feeAgreementDate || factor === null) return null;
  return { date: patient.feeAgreementDate, factorHundredths: factor };
}

/** §4 Nr.14 UStG, GOÄ: GOÄ items only for a healing profession; a coach or consultant bills coaching lines. */
export function assertMayBillGoae(jobTitleType: string | null): void {
  if (mayBillGoae(jobTitleType)) return;
  if (!jobTitleType) {
    throw new AppError(ErrorCode.goaeNeedsJobType, {
      status: 422,
      detail:
        'Bitte wählen Sie zuerst im Profil der Therapeutin bzw. des Therapeuten die Berufsbezeichnung: Ob GOÄ-Ziffern abgerechnet werden dürfen, hängt vom Heilberuf ab (§ 4 Nr. 14 UStG).',
    });
  }
  throw new AppError(ErrorCode.goaeNotForJobType, {
    status: 422,
    detail:
      'GOÄ-Ziffern (und die Umsatzsteuerbefreiung nach § 4 Nr. 14 UStG) stehen nur Heilberufen zu: approbierten Psychotherapeut:innen, Ärzt:innen und Heilpraktiker:innen für Psychotherapie. Bitte rechnen Sie Coaching-Positionen ab.',
  });
}

const fieldRefused = (field: string, key: string, detail: string, code: string) =>
  new AppError(ErrorCode.validationFailed, { status: 422, detail, fields: { [field]: [key] }, params: { code } });

/**
 * The GOÄ rules an entry must meet when it is saved, the patient's defaults and an appointment's entries alike: a
 * therapist of a healing profession; an analog number with the service performed as its own title (§6 Abs.2); at
 * most the item's maximum, above it only up to a signed fee agreement (§2); and above the threshold only with a
 * chosen or written justification (§5 Abs.2, §12 Abs.3), so no invoice is left without one.
 */
export function assertGoaeRate(
  item: FeeItemRow,
  entry: { incrementalRate: number; justification: string | null; alternativeTitle: string | null },
  field: FieldPath,
  context: GoaeBillingContext,
): void {
  assertMayBillGoae(context.therapistJobType);
  if (item.referenceCode && !entry.alternativeTitle?.trim()) {
    throw fieldRefused(
      field('alternativeTitle'),
      ValidationKey.analogTitleRequired,
      `Für die Analogziffer ${item.codeValue} fehlt die tatsächlich erbrachte Leistung als eigene Bezeichnung (§ 6 Abs. 2 GOÄ).`,
      item.codeValue,
    );
  }
  const maximum = parseRate(item.maxFactor) ?? 100;
  if (entry.incrementalRate > maximum) {
    const agreed = agreedMaximum(item, context.agreement, context.serviceDate);
    if (agreed === null || entry.incrementalRate > agreed) {
      throw fieldRefused(
        field('incrementalRate'),
        ValidationKey.feeAgreementRequired,
        `Der Steigerungssatz ${formatRateUi(entry.incrementalRate)} liegt über dem Höchstsatz ${formatRateUi(maximum)} (Nr. ${item.codeValue}): nur mit einer vorher unterschriebenen Gebührenvereinbarung nach § 2 GOÄ bis zum vereinbarten Faktor, nie für Leistungen des Abschnitts A.`,
        item.codeValue,
      );
    }
  }
  const threshold = parseRate(item.thresholdFactor) ?? DEFAULT_RATE_HUNDREDTHS;
  if (needsJustification(entry.incrementalRate, threshold) && !entry.justification?.trim()) {
    throw fieldRefused(
      field('justification'),
      ValidationKey.justificationRequired,
      `Für den Steigerungssatz ${formatRateUi(entry.incrementalRate)} über ${formatRateUi(threshold)} fehlt die Begründung (Nr. ${item.codeValue}).`,
      item.codeValue,
    );
  }
}

/**
 * The catalogue's 'neben … nicht berechnungsfähig' rules among the entries of one session (or the patient's defaults,
 * which every booked session receives): refused naming both numbers and quoting the legend.
 */
export function assertNoItemConflicts(codes: readonly string[], items: readonly FeeItemRow[]): void {
  const references = new Map(
    items.flatMap((item) => (item.referenceCode ? [[item.codeValue, item.referenceCode]] : [])),
  );
  const [conflict] = itemConflicts(codes, (code) => references.get(code) ?? null);
  if (!conflict) return;
  throw new AppError(ErrorCode.goaeItemExclusion, {
    status: 422,
    detail: `Die Nr. ${conflict.code} ist neben der Nr. ${conflict.otherCode} nicht berechnungsfähig (GOÄ: „${conflict.source}“).`,
    params: { code: conflict.code, otherCode: conflict.otherCode },
  });
}
