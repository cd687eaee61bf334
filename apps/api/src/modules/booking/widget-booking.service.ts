import {
  bookableTypes,
  ErrorCode,
  isSlotBookable,
  slotBounds,
  toPracticeIsoDateTime,
  ValidationKey as V,
  type WidgetBooked,
  widgetBookedSchema,
  type widgetBookSchema,
} from '@praxia/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { practiceScope } from '../../lib/scope.js';
import { AppError, validationFailed } from '../../plugins/errors.js';
import {
  type AppointmentRow,
  appointmentNotFound,
  auditAppointment,
  copyFeeDefaultsToAppointment,
  findAppointment,
  locationForBooking,
  notifyTherapistOfOnlineBooking,
  sendBookingConfirmation,
  updateAppointment,
} from '../calendar/index.js';
import { findPatientIdByEmail, insertPatientRows, nextPatientNumber } from '../patients/index.js';
import { leaveWaitingListOnBooking } from './waiting-list.service.js';
import { loadWidgetCalendar, widgetNotFound } from './widget.service.js';

type GuestBooking = z.output<typeof widgetBookSchema>;

/** Spec §8: the widget's booking error; the slot was taken meanwhile, is gone or no longer bookable. */
const bookingFailed = () =>
  new AppError(ErrorCode.bookingFailed, {
    status: 409,
    detail: 'Termin konnte nicht gebucht werden, bitte wählen Sie einen anderen Termin aus',
  });

// Where an audit row or a patient record came from when no signed-in user did it.
const ONLINE_BOOKING = { source: 'onlineBooking' } as const;

/**
 * A new patient record for the guest (numbered, audited as online booking), or null when the e-mail is already a
 * patient's of the therapist: anyone can type an address, so the booking is never joined to that record (nor given
 * its fee defaults). It is held for the practice instead, with the details the guest typed, to assign by hand.
 */
async function patientForGuest(tx: AppContext, slot: AppointmentRow, input: GuestBooking): Promise<number | null> {
  const existing = await findPatientIdByEmail(tx.db, practiceScope(slot.customerId), slot.therapistId, input.email);
  if (existing) return null;
  const patientNumber = await nextPatientNumber(tx.db, practiceScope(slot.customerId));
  if (patientNumber === null) throw widgetNotFound();
  const owner = { customerId: slot.customerId, therapistId: slot.therapistId, patientNumber };
  const record = {
    ...owner,
    salutation: input.salutation,
    title: null,
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    phoneCountry: input.phoneCountry,
    street: input.street,
    postalCode: input.postalCode,
    city: input.city,
    insuranceType: input.insuranceType,
    language: input.language,
    birthday: null,
    careOf: null,
    invoiceAddress: null,
    internalNote: null,
    invoiceRemark: null,
  };
  return insertPatientRows(tx, practiceScope(slot.customerId), owner, record, { actor: null, detail: ONLINE_BOOKING });
}

/**
 * PATCH /appointment/{id}/book by a guest (spec §5 widget booking): the slot must be one the widget would offer for
 * this type and insurance right now. The slot row is locked first, so of simultaneous bookings exactly one finds it
 * available. A new guest becomes a patient (whose fee defaults apply); one whose e-mail a patient already has is held
 * for the practice (patientForGuest). The guest sees the same either way: after commit the confirmation with the
 * cancel link (in the widget's language), and the therapist a notice.
 */
export async function bookAsGuest(ctx: AppContext, id: number, input: GuestBooking): Promise<WidgetBooked> {
  const now = new Date();
  // The widget names its practice: public work inside that one.
  const practice = practiceScope(input.customerId);
  const booked = await withTransaction(ctx, async (tx) => {
    const slot = await findAppointment(tx.db, practice, id, true);
    if (!slot || slot.therapistId !== input.therapistId) throw appointmentNotFound();
    const calendar = await loadWidgetCalendar(tx.db, input.therapistId, input.customerId, now);
    const type = calendar.types.find((candidate) => candidate.id === input.meetingType);
    if (!type) throw validationFailed('meetingType', V.invalidValue);
    const fitting = bookableTypes(calendar.types, { insuranceType: input.insuranceType, appointmentTypeId: type.id });
    if (!isSlotBookable(slot, slotBounds(fitting, now))) throw bookingFailed();
    const location = locationForBooking(slot, type, input.location);
    const patientId = await patientForGuest(tx, slot, input);
    const taken = await updateAppointment(tx.db, practice, slot.id, {
      state: 'taken',
      appointmentTypeId: type.id,
      location,
      insuranceType: input.insuranceType,
      // The guest gave an address to be written to: confirmation, reminder and any cancellation reach them.
      sendEmails: true,
      clientId: patientId,
      clientSalutation: input.salutation,
      clientFirstName: input.firstName,
      clientLastName: input.lastName,
      clientEmail: input.email,
      clientPhoneCountry: input.phoneCountry,
      clientPhone: input.phone,
      clientStreet: input.street,
      clientPostalCode: input.postalCode,
      clientCity: input.city,
    });
    // A held booking names no patient yet: no fee defaults to copy and no patient's record to audit.
    const copied = patientId === null ? 0 : await copyFeeDefaultsToAppointment(tx.db, practice, patientId, taken.id);
    await auditAppointment(tx, null, taken, 'update', { booked: true, feeDefaultsCopied: copied, ...ONLINE_BOOKING });
    const confirmed = await sendBookingConfirmation(tx, practice, taken, input.language);
    await notifyTherapistOfOnlineBooking(tx, confirmed);
    await leaveWaitingListOnBooking(tx, confirmed);
    return confirmed;
  });
  // Serialised through the contract: the guest learns when and where, nothing else.
  return widgetBookedSchema.parse({
    id: booked.id,
    appointmentStart: toPracticeIsoDateTime(booked.startsAt),
    appointmentEnd: toPracticeIsoDateTime(booked.endsAt),
    location: booked.location,
  });
}
