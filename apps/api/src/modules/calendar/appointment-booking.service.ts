import type { Appointment, appointmentBookSchema } from '@praxia/shared';
import { AppointmentValidationKey as K, ValidationKey as V } from '@praxia/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { type Scope, scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { validationFailed } from '../../plugins/errors.js';
import type { AppointmentTypeRow } from '../appointment-types/index.js';
import { findPatientIdByEmail, insertPatientRecord, loadPatient, type PatientRecordRow } from '../patients/index.js';
import { copyFeeDefaultsToAppointment } from './appointment-fees.repo.js';
import { notifyPracticeCancellation, sendBookingConfirmation } from './appointment-mails.js';
import { assertStateAllows, auditAppointment, loadAppointment, loadTypeFor } from './appointment-rules.js';
import {
  type AppointmentRow,
  CLEARED_CLIENT,
  deleteFeesOfAppointment,
  updateAppointment,
} from './appointments.repo.js';
import { readAppointment } from './appointments.service.js';

type BookInput = z.output<typeof appointmentBookSchema>;

/** The type a booking uses: the slot's own (only it may be booked into it), or one the booking picks. */
async function typeForBooking(tx: AppContext, scope: Scope, row: AppointmentRow, requested: number | null | undefined) {
  if (row.appointmentTypeId !== null) {
    if (requested && requested !== row.appointmentTypeId) throw validationFailed('meetingType', K.typeMismatch);
    return loadTypeFor(tx.db, scope, row.therapistId, row.appointmentTypeId, false);
  }
  return requested ? loadTypeFor(tx.db, scope, row.therapistId, requested, true) : null;
}

/** Spec §5: a type for both places needs the booking to choose one; a type for one place fixes it. */
export function locationForBooking(
  row: AppointmentRow,
  type: AppointmentTypeRow | null,
  requested: BookInput['location'],
) {
  if (!type) return requested ?? row.location;
  if (type.location === 'both') {
    if (!requested) throw validationFailed('location', V.required);
    return requested;
  }
  if (requested && requested !== type.location) throw validationFailed('location', V.invalidValue);
  return type.location;
}

/**
 * The patient the booking is for: the linked one (who must be visible to the caller and of the appointment's
 * practice), else the therapist's patient with that e-mail, else a new patient record — as the patient module
 * creates them, numbered and audited.
 */
async function patientForBooking(tx: AppContext, actor: Actor, row: AppointmentRow, input: BookInput) {
  if (input.clientId) {
    const patient = await loadPatient(tx.db, scopeOf(actor), input.clientId);
    if (patient.patient.customerId !== row.customerId) throw validationFailed('clientId', V.invalidValue);
    return patient;
  }
  const email = input.email ?? '';
  const existingId = await findPatientIdByEmail(tx.db, scopeOf(actor), row.therapistId, email);
  const id =
    existingId ??
    (await insertPatientRecord(tx, actor, {
      customerId: row.customerId,
      therapistId: row.therapistId,
      salutation: input.salutation,
      firstName: input.firstName ?? '',
      lastName: input.lastName ?? '',
      email,
      phone: input.phone,
      phoneCountry: input.phoneCountry,
      street: input.street,
      postalCode: input.postalCode ?? null,
      city: input.city ?? null,
      insuranceType: input.insuranceType,
      birthday: null,
      title: null,
      careOf: null,
      invoiceAddress: null,
      internalNote: null,
      invoiceRemark: null,
    }));
  return loadPatient(tx.db, scopeOf(actor), id);
}

/** The client fields of the appointment: what the booking entered, the patient record's data for what it left out. */
export function clientSnapshot(input: Partial<BookInput>, { user }: PatientRecordRow) {
  const pick = <T>(value: T | null | undefined, fallback: T | null) => (value === undefined ? fallback : value);
  return {
    clientId: user.id,
    clientSalutation: pick(input.salutation, user.salutation),
    clientFirstName: input.firstName ?? user.firstName,
    clientLastName: input.lastName ?? user.lastName,
    clientEmail: input.email ?? user.email,
    clientPhoneCountry: pick(input.phoneCountry, user.phoneCountry),
    clientPhone: pick(input.phone, user.phone),
    clientStreet: pick(input.street, user.street),
    clientPostalCode: pick(input.postalCode, user.postalCode),
    clientCity: pick(input.city, user.city),
  };
}

/**
 * PATCH /appointment/{id}/book: an available slot becomes taken for a client (spec §4.1). The slot is locked first,
 * so of many simultaneous bookings exactly one finds it available; the others get 409. The patient's fee defaults
 * are copied onto it and the confirmation leaves after commit when e-mails are on.
 */
export async function bookAppointment(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: BookInput,
): Promise<Appointment> {
  const scope = scopeOf(actor);
  const row = await withTransaction(ctx, async (tx) => {
    const slot = await loadAppointment(tx.db, scope, id, true);
    assertStateAllows(slot, 'book');
    const type = await typeForBooking(tx, scope, slot, input.meetingType);
    const location = locationForBooking(slot, type, input.location);
    const patient = await patientForBooking(tx, actor, slot, input);
    const booked = await updateAppointment(tx.db, scope, slot.id, {
      ...clientSnapshot(input, patient),
      state: 'taken',
      appointmentTypeId: type?.id ?? null,
      location,
      insuranceType: input.insuranceType ?? patient.patient.insuranceType ?? slot.insuranceType,
      issue: input.issue === undefined ? slot.issue : input.issue,
      notes: input.notes === undefined ? slot.notes : input.notes,
      sendEmails: input.sendEmails ?? slot.sendEmails,
    });
    const copied = await copyFeeDefaultsToAppointment(tx.db, scope, patient.user.id, booked.id);
    await auditAppointment(tx, actor, booked, 'update', { booked: true, feeDefaultsCopied: copied });
    await tx.waitingList.leaveWaitingListOnBooking(tx, booked);
    return sendBookingConfirmation(tx, scope, booked);
  });
  return readAppointment(ctx.db, scope, row);
}

/**
 * PATCH /appointment/{id}/cancel (reject): a taken appointment is free again; its client data and fee entries go,
 * the client is told when e-mails are on, and the waiting list is offered the slot.
 */
export async function rejectAppointment(ctx: AppContext, actor: Actor, id: number): Promise<Appointment> {
  const scope = scopeOf(actor);
  const row = await withTransaction(ctx, async (tx) => {
    const taken = await loadAppointment(tx.db, scope, id, true);
    assertStateAllows(taken, 'reject');
    await auditAppointment(tx, actor, taken, 'update', { rejected: true });
    await notifyPracticeCancellation(tx, taken);
    return freeSlot(tx, scope, taken);
  });
  return readAppointment(ctx.db, scope, row);
}

/**
 * A taken appointment is free again (rejected by the practice, cancelled by the patient's link), in the caller's
 * transaction: its client data and fee entries go, its video consultation ends, and the waiting list is offered it.
 */
export async function freeSlot(tx: AppContext, scope: Scope, taken: AppointmentRow): Promise<AppointmentRow> {
  await deleteFeesOfAppointment(tx.db, scope, taken.id);
  await tx.videoLinks.endVideoConsultations(tx, [taken.id]);
  const freed = await updateAppointment(tx.db, scope, taken.id, { ...CLEARED_CLIENT, state: 'available' });
  await tx.waitingList.offerFreedSlot(tx, freed);
  return freed;
}
