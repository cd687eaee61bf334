import {
  COACHING_VAT_PERCENT,
  ErrorCode,
  type FeeAgreement,
  type GoaeLineError,
  goaeLine,
  type InvoiceDocumentLine,
  netOfGross,
  parseRate,
  type TaxableLine,
  toPracticeIsoDate,
} from '@praxia/shared';
import { AppError } from '../../plugins/errors.js';
import type { AppointmentRow } from '../calendar/index.js';
import { assertMayBillGoae } from '../records/index.js';
import type { FeeWithItem } from './invoice-data.repo.js';

export type LineContext = {
  smallBusiness: boolean;
  /** The billing therapist's job type: GOÄ lines only for a healing profession. */
  therapistJobType: string | null;
  /** The patient's signed fee agreement (§2 GOÄ), for factors above the maximum. */
  agreement: FeeAgreement | null;
  markRemote: boolean;
  probatoryIds: Set<number>;
  /** The appointment type's location, for appointments that did not record their own. */
  typeLocation: (appointment: AppointmentRow) => string | null;
};

/** The factor as invoices print it: always with a decimal ('3,0', '2,3', '1,15'). */
const printedFactor = (hundredths: number) =>
  (hundredths / 100).toFixed(hundredths % 10 === 0 ? 1 : 2).replace('.', ',');

const halfUpPercent = (cents: number, percent: number) => Math.floor((cents * percent * 2 + 100) / 200);

function rateRefused(code: string, error: GoaeLineError) {
  const params = { code };
  if (error === 'analogTitleMissing') {
    return new AppError(ErrorCode.validationFailed, {
      status: 422,
      detail: `Für die Analogziffer ${code} fehlt die tatsächlich erbrachte Leistung als eigene Bezeichnung (§ 6 Abs. 2 GOÄ).`,
      params,
    });
  }
  if (error === 'justificationMissing') {
    return new AppError(ErrorCode.invoiceJustificationMissing, {
      status: 422,
      detail: `Begründung für den Steigerungsfaktor fehlt (Nr. ${code}).`,
      params,
    });
  }
  if (error === 'rateAboveMaximum') {
    return new AppError(ErrorCode.invoiceRateAboveMaximum, {
      status: 422,
      detail: `Der Steigerungsfaktor liegt über dem Höchstsatz (Nr. ${code}); darüber nur mit einer vorher unterschriebenen Gebührenvereinbarung nach § 2 GOÄ, nie für Leistungen des Abschnitts A.`,
      params,
    });
  }
  return new AppError(ErrorCode.invoiceRateBelowMinimum, {
    status: 422,
    detail: `Der Steigerungsfaktor liegt unter dem Einfachsatz (Nr. ${code}).`,
    params,
  });
}

const incomplete = () =>
  new AppError(ErrorCode.appointmentFeesIncomplete, { status: 409, detail: 'Rechnungspositionen unvollständig.' });

/**
 * The printed lines of one appointment, one per fee entry (§12 Abs.2 GOÄ), with the amounts the tax summary adds up.
 * A GOÄ line is exempt therapy; a coaching line carries 19 % unless the practice is a small business (§19 UStG):
 * added on top ('add') or contained in the amount entered ('notax').
 */
export function appointmentLines(appointment: AppointmentRow, fees: FeeWithItem[], context: LineContext) {
  const date = toPracticeIsoDate(appointment.startsAt);
  const isRemote = context.markRemote && (appointment.location ?? context.typeLocation(appointment)) === 'remote';
  const isProbatory = context.probatoryIds.has(appointment.id);
  const lines: InvoiceDocumentLine[] = [];
  const taxable: TaxableLine[] = [];
  for (const { fee, item } of fees) {
    if (fee.codeValue !== null) {
      assertMayBillGoae(context.therapistJobType);
      const rate = fee.incrementalRate === null ? null : parseRate(fee.incrementalRate);
      if (item === null || rate === null) throw incomplete();
      const result = goaeLine(
        { codeValue: fee.codeValue, alternativeTitle: fee.alternativeTitle, rateHundredths: rate },
        item,
        // Exactly the justification chosen or written for this entry (§12 Abs.3 GOÄ), nothing of the patient's.
        fee.justification,
        { agreement: context.agreement, serviceDate: date },
      );
      if (!result.ok) throw rateRefused(result.codeValue, result.error);
      const amount = result.line.amountCents;
      lines.push({
        date,
        kind: 'goae',
        code: fee.codeValue,
        title: fee.alternativeTitle?.trim() || item.title,
        analogOf: item.referenceCode ? { code: item.referenceCode, title: item.title } : null,
        factor: printedFactor(rate),
        justification: result.line.justification,
        feeAgreementDate: result.line.feeAgreementDate,
        isRemote,
        isProbatory,
        taxRatePercent: 0,
        netCents: amount,
        taxCents: 0,
        grossCents: amount,
      });
      taxable.push({ kind: 'therapy', amountCents: amount });
      continue;
    }
    const amount = fee.coachingAmountCents;
    if (amount === null || !fee.coachingTitle) throw incomplete();
    const tax = fee.coachingAmountTax === 'add' ? 'add' : 'notax';
    const percent = context.smallBusiness ? 0 : COACHING_VAT_PERCENT;
    // 'notax' adds nothing: in a practice liable to VAT the amount entered is the gross price including the 19 %.
    const taxIncluded = tax === 'notax' && percent > 0;
    const net = taxIncluded ? netOfGross(amount, percent) : amount;
    const taxCents = taxIncluded ? amount - net : halfUpPercent(net, percent);
    lines.push({
      date,
      kind: 'coaching',
      code: null,
      title: fee.coachingTitle,
      analogOf: null,
      factor: null,
      justification: null,
      feeAgreementDate: null,
      isRemote,
      // Probatory sessions are a psychotherapy notion (foundations §9); a coaching line is never one.
      isProbatory: false,
      taxRatePercent: percent,
      taxIncluded,
      netCents: net,
      taxCents,
      grossCents: net + taxCents,
    });
    taxable.push({ kind: 'coaching', amountCents: amount, tax });
  }
  return { lines, taxable };
}
