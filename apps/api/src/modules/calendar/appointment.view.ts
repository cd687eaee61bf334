import {
  type Appointment,
  type AppointmentFee,
  checkBilling,
  feeAmountCents,
  formatRateWire,
  parseRate,
  toPracticeIsoDateTime,
} from '@praxia/shared';
import type { AppointmentListRow, FeeJson } from './appointments.repo.js';

/** A fee entry on the wire: the rate as '2.3', coaching amounts in euros, and the entry's fee in cents. */
export function toFeeView(
  appointmentId: number,
  fee: Omit<FeeJson, 'rate'> & { rate: string | number | null },
): AppointmentFee {
  const rate = fee.rate === null ? null : parseRate(String(fee.rate));
  const goaeCents = fee.points !== null && rate !== null ? feeAmountCents(fee.points, rate) : 0;
  return {
    id: fee.id,
    appointmentId,
    medicalFeeScheduleCodeValue: fee.codeValue,
    medicalFeeScheduleAlternativeTitle: fee.alternativeTitle,
    incrementalRate: rate === null ? null : formatRateWire(rate),
    justification: fee.justification,
    coachingTitle: fee.coachingTitle,
    coachingAmount: fee.coachingCents === null ? null : fee.coachingCents / 100,
    coachingAmountAddTax: fee.coachingTax,
    amountCents: fee.codeValue === null ? (fee.coachingCents ?? 0) : goaeCents,
  };
}

/** The API shape of an appointment (spec appointments §3). */
export function toAppointmentView({
  appointment: row,
  type,
  isFirst,
  fees,
  billedOn,
}: AppointmentListRow): Appointment {
  const hasClient = row.clientId !== null || row.clientLastName !== null || row.clientEmail !== null;
  const client = hasClient
    ? {
        salutation: row.clientSalutation,
        firstName: row.clientFirstName,
        lastName: row.clientLastName,
        email: row.clientEmail,
        phoneCountry: row.clientPhoneCountry,
        phone: row.clientPhone,
        street: row.clientStreet,
        postalCode: row.clientPostalCode,
        city: row.clientCity,
      }
    : null;
  return {
    id: row.id,
    customerId: row.customerId,
    therapistId: row.therapistId,
    clientId: row.clientId,
    state: row.state,
    appointmentStart: toPracticeIsoDateTime(row.startsAt),
    appointmentEnd: toPracticeIsoDateTime(row.endsAt),
    meetingType: type && {
      id: type.id,
      name: type.name,
      location: type.location,
      duration: type.durationMinutes,
      insuranceType: type.insuranceType,
    },
    location: row.location,
    notes: row.notes,
    issue: row.issue,
    insuranceType: row.insuranceType,
    sendEmails: row.sendEmails,
    reminderSent: row.reminderSent,
    billedAt: row.billedAt && toPracticeIsoDateTime(row.billedAt),
    seriesId: row.seriesId,
    series: row.seriesInterval && row.seriesCount ? { interval: row.seriesInterval, count: row.seriesCount } : null,
    isFirstAppointment: Boolean(isFirst),
    client,
    medicalFeeSchedules: fees.map((fee) => toFeeView(row.id, fee)),
    billing: checkBilling({
      fees: fees.map((fee) => ({ codeValue: fee.codeValue, incrementalRate: fee.rate })),
      client,
    }),
    invoice: billedOn && {
      id: billedOn.id,
      invoiceNumber: String(billedOn.invoiceNumber),
      filename: `${billedOn.fileName}.pdf`,
    },
  };
}
