import {
  type AppointmentAction,
  ErrorCode,
  formatPracticeDateTime,
  isActionAllowedInState,
  isSamePracticeDay,
  AppointmentValidationKey as K,
  MULTIPLE_DAYS_TEXT,
  ValidationKey as V,
} from '@praxia/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { isConstraintViolation } from '../../db/constraint-violation.js';
import { forTherapist, noScope, type Scope } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { AppError, notFound, validationFailed } from '../../plugins/errors.js';
import type { AppointmentTypeRow } from '../appointment-types/index.js';
import { findAppointmentType } from '../appointment-types/index.js';
import { type AuditAction, recordAudit } from '../audit/index.js';
import { type AppointmentRow, findAppointment } from './appointments.repo.js';

export const appointmentNotFound = () => notFound('Appointment not found');

/**
 * An appointment of the calendars the caller's scope reaches (staff of its practice: their own calendar, an
 * assistant every one); else 404, as for a missing id. Staff work inside a practice: a platform scope finds none.
 */
export async function loadAppointment(db: Executor, scope: Scope, id: number, forUpdate = false) {
  const row = scope.kind === 'practice' ? await findAppointment(db, scope, id, forUpdate) : undefined;
  if (!row) throw appointmentNotFound();
  return row;
}

/** Refuses an action the appointment's state does not allow (spec §4.1), with the spec's texts where it has them. */
export function assertStateAllows(row: AppointmentRow, action: AppointmentAction): void {
  if (isActionAllowedInState(row.state, action)) return;
  if (action === 'delete')
    throw new AppError(ErrorCode.appointmentBilled, { status: 409, detail: 'Der Termin wurde bereits abgerechnet.' });
  if (action === 'book')
    throw new AppError(ErrorCode.appointmentNotAvailable, { status: 409, detail: 'Appointment is not available.' });
  throw new AppError(ErrorCode.appointmentStateForbids, {
    status: 409,
    detail: `The appointment cannot be changed in state ${row.state}.`,
  });
}

/** A type of the therapist's calendar in the scope's practice; `mustBeActive` for newly chosen ones. */
export async function loadTypeFor(
  db: Executor,
  scope: Scope,
  therapistId: number,
  typeId: number,
  mustBeActive: boolean,
): Promise<AppointmentTypeRow> {
  const type = await findAppointmentType(db, forTherapist(scope, therapistId, 'calendars') ?? noScope, typeId);
  if (!type || (mustBeActive && type.deactivated)) throw validationFailed('meetingType', V.invalidValue);
  return type;
}

const MINUTE_MS = 60_000;

/** The end: the given one, or the start plus the type's duration (spec §5: picking a type sets the end). */
export function endOf(start: Date, end: Date | undefined, type: AppointmentTypeRow | null): Date {
  if (end) return end;
  if (type) return new Date(start.getTime() + type.durationMinutes * MINUTE_MS);
  throw validationFailed('appointmentEnd', V.required);
}

/** Spec §5 for times the server computed or combined: after the start, on the same day. */
export function assertTimeRange(start: Date, end: Date): void {
  if (end.getTime() <= start.getTime()) throw validationFailed('appointmentEnd', K.endBeforeStart);
  if (!isSamePracticeDay(start, end)) {
    throw new AppError(ErrorCode.validationFailed, {
      status: 422,
      detail: MULTIPLE_DAYS_TEXT,
      fields: { appointmentEnd: [K.multipleDays] },
    });
  }
}

const OVERLAP_RULE = 'appointments_no_overlap';

/**
 * Runs a write that may collide with another appointment of the therapist; the database's exclusion constraint
 * decides (no application lock) and the collision becomes the spec's 409 "Appointment overlaps.". A series names
 * its first conflicting date.
 */
export async function mapOverlap<T>(work: () => Promise<T>, conflictStart?: Date): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isConstraintViolation(error, OVERLAP_RULE)) throw error;
    const params = conflictStart ? { date: formatPracticeDateTime(conflictStart) } : undefined;
    throw new AppError(ErrorCode.appointmentOverlaps, { status: 409, detail: 'Appointment overlaps.', params });
  }
}

/** An audit row for a read or change of an appointment that names a patient (health data: who sees whom when). */
export async function auditAppointment(
  ctx: AppContext,
  actor: Actor | null,
  row: AppointmentRow,
  action: AuditAction,
  detail?: Record<string, unknown>,
): Promise<void> {
  if (row.clientId === null) return;
  await recordAudit(ctx.db, {
    actor,
    customerId: row.customerId,
    patientId: row.clientId,
    action,
    resource: 'appointment',
    resourceId: row.id,
    detail,
  });
}

/**
 * A booking waiting for the practice to name its patient: booked (taken, or billable from before this rule) with the
 * client's details but no patient record. Only a guest's online booking whose e-mail was already a patient's ends up
 * so; anyone can type an address, so the widget never joins it to that record itself.
 */
export const isHeldForPatient = (row: AppointmentRow) =>
  row.clientId === null &&
  (row.state === 'taken' || row.state === 'billable') &&
  (row.clientLastName !== null || row.clientEmail !== null);

/** Refuses billing an appointment that still waits for its patient (an invoice names a patient record). */
export function assertPatientNamed(row: AppointmentRow): void {
  if (!isHeldForPatient(row)) return;
  throw new AppError(ErrorCode.appointmentPatientMissing, {
    status: 409,
    detail: 'Ordnen Sie die Online-Buchung zuerst einer Patientin oder einem Patienten zu.',
  });
}
