import {
  type BillingCheck,
  can,
  canInvoice,
  canMarkBillable,
  checkBilling,
  ErrorCode,
  formatPracticeDate,
  formatPracticeDateTime,
  hasRole,
  mayDoAction,
  type Permission,
  Role,
} from '@praxia/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { type Scope, scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { AppError, forbidden } from '../../plugins/errors.js';
import { findUserById, requireCalendarPractice, resolveCalendars } from '../users/index.js';
import { feesForBilling, lockBillingCandidates, setAppointmentStates } from './appointment-billing.repo.js';
import { appointmentNotFound, assertPatientNamed, auditAppointment } from './appointment-rules.js';
import type { AppointmentRow } from './appointments.repo.js';

/**
 * Billing needs its permission; a DRS therapist does not bill at all (spec foundations §6), which the answer says
 * instead of a bare refusal or the misleading "nothing to bill".
 */
export function assertMayBill(roles: number, [resource, privilege]: Permission): void {
  if (can(roles, resource, privilege)) return;
  if (hasRole(roles, Role.THERAPIST_DRS)) {
    throw new AppError(ErrorCode.billingNotForDrs, {
      status: 403,
      detail: 'Therapists with the DRS role do not bill.',
    });
  }
  throw forbidden('Keine Berechtigung.');
}

/**
 * A service is billed once rendered: an appointment that has not ended by `now` is neither billable nor invoiced
 * (§14 Abs.4 Nr.6 UStG and §12 GOÄ: the invoice states the date of a service that took place).
 */
export function assertEnded(row: Pick<AppointmentRow, 'startsAt' | 'endsAt'>, now: Date): void {
  if (row.endsAt.getTime() <= now.getTime()) return;
  throw new AppError(ErrorCode.appointmentNotEnded, {
    status: 409,
    detail: `Der Termin vom ${formatPracticeDate(row.startsAt)} ist noch nicht beendet (Ende ${formatPracticeDateTime(row.endsAt)} Uhr). Abgerechnet wird erst nach der Leistung.`,
    params: { endsAt: row.endsAt.toISOString() },
  });
}

async function billingChecks(db: Executor, scope: Scope, rows: AppointmentRow[]): Promise<Map<number, BillingCheck>> {
  const fees = await feesForBilling(
    db,
    scope,
    rows.map((row) => row.id),
  );
  return new Map(
    rows.map((row) => [
      row.id,
      checkBilling({
        fees: fees.get(row.id) ?? [],
        client: { street: row.clientStreet, postalCode: row.clientPostalCode, city: row.clientCity },
      }),
    ]),
  );
}

/**
 * PATCH /appointment/state with state billable (spec §2.2 invoice menu, §4.1): the selected taken appointments, or
 * all taken ones of the therapists in the past, whose data (fee items and address) is complete. The answers for nothing to do are the
 * spec's four messages as codes.
 */
export async function markAppointmentsBillable(
  ctx: AppContext,
  actor: Actor,
  input: { state: 'billable' | 'billed'; therapistIds: number[]; appointmentIds?: number[] },
) {
  assertMayBill(actor.roles, ['appointmentBillable', 'edit']);
  if (input.state === 'billed') {
    throw new AppError(ErrorCode.appointmentBilledByInvoiceOnly, {
      status: 409,
      detail: 'Appointments are billed by creating the invoice.',
    });
  }
  if (input.appointmentIds && input.appointmentIds.length === 0) {
    throw new AppError(ErrorCode.appointmentsNoneSelected, {
      status: 422,
      detail: 'Keine Termine angekreuzt.',
      fields: { appointmentIds: ['error.required'] },
    });
  }
  const calendars = await resolveCalendars(ctx.db, scopeOf(actor), input.therapistIds);
  const isSelection = input.appointmentIds !== undefined;
  return withTransaction(ctx, async (tx) => {
    const now = new Date();
    const candidates = await lockBillingCandidates(tx.db, calendars, {
      ids: input.appointmentIds,
      states: ['taken'],
      endedBy: isSelection ? undefined : now,
    });
    for (const row of candidates) assertEnded(row, now);
    // A held online booking in a selection is refused by name; the bulk action without one passes over it.
    if (isSelection) candidates.forEach(assertPatientNamed);
    const checks = await billingChecks(tx.db, calendars, candidates);
    const ready = candidates.filter((row) => {
      const check = checks.get(row.id);
      return (
        check !== undefined &&
        row.clientId !== null &&
        canMarkBillable(row.state, check) &&
        mayDoAction(actor.roles, row.state, 'markBillable')
      );
    });
    if (ready.length === 0) {
      throw isSelection
        ? new AppError(ErrorCode.appointmentsNoneInView, {
            status: 404,
            detail: 'In der aktuellen Kalenderansicht sind keine abrechnungsbereiten Termine vorhanden.',
          })
        : new AppError(ErrorCode.appointmentsNoneBillable, {
            status: 404,
            detail: 'Keine abrechenbaren Termine in der Vergangenheit vorhanden.',
          });
    }
    const ids = ready.map((row) => row.id);
    await setAppointmentStates(tx.db, calendars, ids, { state: 'billable' });
    for (const row of ready) await auditAppointment(tx, actor, row, 'update', { state: 'billable' });
    return { appointmentIds: ids };
  });
}

/**
 * For the invoice issue, inside its transaction (not a route: billed only through invoicing, spec §4.1). Marks the
 * appointments billed when each may be invoiced: on calendars the caller reaches, complete (fees and address), and
 * ended by the issue (`now`, the invoice date), billable — or taken when the therapist has no billing approval step. Returns the locked rows as they were, for the
 * invoice.
 */
export async function markAppointmentsBilled(tx: AppContext, actor: Actor, appointmentIds: number[], now: Date) {
  assertMayBill(actor.roles, ['appointmentBill', 'create']);
  const scope = requireCalendarPractice(scopeOf(actor));
  const visible = await lockBillingCandidates(tx.db, scope, {
    ids: appointmentIds,
    states: ['available', 'taken', 'billable', 'billed'],
  });
  if (visible.length !== new Set(appointmentIds).size) throw appointmentNotFound();
  const checks = await billingChecks(tx.db, scope, visible);
  const approvals = new Map<number, boolean>();
  for (const row of visible) {
    if (!mayDoAction(actor.roles, row.state === 'billed' ? 'taken' : row.state, 'bill'))
      throw forbidden('Keine Berechtigung.');
    // The issue day is the invoice date: no service may lie after it.
    assertEnded(row, now);
    assertPatientNamed(row);
    const check = checks.get(row.id) ?? { feesComplete: false, addressComplete: false };
    if (!check.feesComplete)
      throw new AppError(ErrorCode.appointmentFeesIncomplete, {
        status: 409,
        detail: 'Rechnungspositionen unvollständig.',
      });
    if (!check.addressComplete)
      throw new AppError(ErrorCode.appointmentAddressMissing, { status: 409, detail: 'Adresse fehlt.' });
    if (!approvals.has(row.therapistId)) {
      approvals.set(row.therapistId, (await findUserById(tx.db, row.therapistId))?.billingApproval ?? false);
    }
    if (!canInvoice(row.state, check, { hasBillingApproval: approvals.get(row.therapistId) ?? false })) {
      throw new AppError(ErrorCode.appointmentStateForbids, {
        status: 409,
        detail: `The appointment cannot be invoiced in state ${row.state}.`,
      });
    }
  }
  await setAppointmentStates(
    tx.db,
    scope,
    visible.map((row) => row.id),
    { state: 'billed', billedAt: new Date() },
  );
  for (const row of visible) await auditAppointment(tx, actor, row, 'update', { state: 'billed' });
  return visible;
}
