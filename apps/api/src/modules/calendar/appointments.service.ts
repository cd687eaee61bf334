import { randomUUID } from 'node:crypto';
import {
  ACTION_PERMISSIONS,
  ADDRESS_MISSING,
  type Appointment,
  type AppointmentList,
  type AppointmentQuery,
  type appointmentCreateSchema,
  type appointmentPatchSchema,
  canMarkBillable,
  checkBilling,
  ErrorCode,
  FEES_INCOMPLETE,
  generateSeries,
  mayDoAction,
  type TimeSlot,
} from '@praxia/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { type Scope, scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { AppError, forbidden, notFound } from '../../plugins/errors.js';
import type { AppointmentTypeRow } from '../appointment-types/index.js';
import { recordAudit } from '../audit/index.js';
import { requireCalendarPractice, resolveCalendar, resolveCalendars } from '../users/index.js';
import { toAppointmentView } from './appointment.view.js';
import { assertEnded, assertMayBill } from './appointment-billing.service.js';
import {
  appointmentNotFound,
  assertPatientNamed,
  assertStateAllows,
  assertTimeRange,
  auditAppointment,
  endOf,
  loadAppointment,
  loadTypeFor,
  mapOverlap,
} from './appointment-rules.js';
import {
  type AppointmentRow,
  type AppointmentValues,
  findAppointmentDetail,
  insertAppointment,
  listAppointments,
  lockTherapistCalendar,
  updateAppointment,
} from './appointments.repo.js';
import { isOnsiteNotificationOn } from './calendar-settings.repo.js';

type CreateInput = z.output<typeof appointmentCreateSchema>;
type PatchInput = z.output<typeof appointmentPatchSchema>;

/** GET /appointment: the caller's calendar, an assistant's selected therapists, or the assistant's whole practice. */
export async function getAppointments(
  ctx: AppContext,
  actor: Actor,
  query: AppointmentQuery,
): Promise<AppointmentList> {
  const practice = requireCalendarPractice(scopeOf(actor));
  const empty = { list: [], maxItems: 0, currentPage: query.page, limit: query.limit };
  if (query.customerIds?.length && !query.customerIds.includes(practice.practiceId)) return empty;
  const calendars = await resolveCalendars(ctx.db, practice, query.therapistIds);
  // Client names are health data in a therapy practice: the read is audited once per list, like the patient list,
  // and its row is written alongside the query, not after it.
  const [rows] = await Promise.all([
    listAppointments(ctx.db, calendars, {
      clientIds: query.clientIds,
      clientName: query.clientName,
      startFrom: query.appointmentStartFrom,
      startTo: query.appointmentStartTo,
      states: query.state,
      appointmentTypeId: query.meetingType,
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    }),
    recordAudit(ctx.db, {
      actor,
      customerId: practice.practiceId,
      patientId: null,
      action: 'read',
      resource: 'appointment',
      detail: { list: true, therapistIds: calendars.calendarIds, clientIds: query.clientIds ?? null },
    }),
  ]);
  return {
    list: rows.map(toAppointmentView),
    maxItems: rows[0]?.total ?? 0,
    currentPage: query.page,
    limit: query.limit,
  };
}

/** The appointment in the API shape, read inside the caller's transaction when there is one. */
export async function readAppointment(db: Executor, scope: Scope, row: AppointmentRow): Promise<Appointment> {
  const detail = await findAppointmentDetail(db, scope, row.id);
  if (!detail) throw appointmentNotFound();
  return toAppointmentView(detail);
}

export async function getAppointment(ctx: AppContext, actor: Actor, id: number): Promise<Appointment> {
  const scope = scopeOf(actor);
  const row = await loadAppointment(ctx.db, scope, id);
  await auditAppointment(ctx, actor, row, 'read');
  return readAppointment(ctx.db, scope, row);
}

/** Spec §4.1: new appointments send e-mails, on-site ones only when the therapist's on-site default is on. */
export async function defaultSendEmails(
  db: Executor,
  therapistId: number,
  location: string | null | undefined,
): Promise<boolean> {
  return location === 'onSite' ? isOnsiteNotificationOn(db, therapistId) : true;
}

/** The location a type fixes; a type for both leaves it to the booking. */
const locationOfType = (type: AppointmentTypeRow | null) => (type && type.location !== 'both' ? type.location : null);

/** POST /appointment: one free slot or a whole series, all in one transaction (all or none). */
export async function createAppointment(ctx: AppContext, actor: Actor, input: CreateInput): Promise<Appointment> {
  const practice = requireCalendarPractice(scopeOf(actor));
  if (input.customerId !== undefined && input.customerId !== practice.practiceId) throw notFound('Customer not found');
  const { scope, therapistId } = await resolveCalendar(ctx.db, practice, input.therapistId);
  const type = input.meetingType ? await loadTypeFor(ctx.db, scope, therapistId, input.meetingType, true) : null;
  const end = endOf(input.appointmentStart, input.appointmentEnd, type);
  assertTimeRange(input.appointmentStart, end);
  const location = input.location ?? locationOfType(type);
  const first: TimeSlot = { start: input.appointmentStart, end };
  const slots = input.series ? generateSeries(first, input.series.interval, input.series.count) : [first];
  const values: Omit<AppointmentValues, 'customerId' | 'startsAt' | 'endsAt'> = {
    therapistId,
    appointmentTypeId: type?.id ?? null,
    state: 'available',
    location,
    notes: input.notes,
    issue: input.issue,
    insuranceType: input.insuranceType ?? type?.insuranceType ?? null,
    sendEmails: input.sendEmails ?? (await defaultSendEmails(ctx.db, therapistId, location ?? type?.location)),
    seriesId: input.series ? randomUUID() : null,
    seriesInterval: input.series?.interval ?? null,
    seriesCount: input.series?.count ?? null,
  };
  const created = await withTransaction(ctx, async (tx) => {
    await lockTherapistCalendar(tx.db, therapistId);
    const rows: AppointmentRow[] = [];
    // One insert per member, in date order: the first one the constraint refuses is the date the answer names.
    for (const slot of slots) {
      const conflictDate = input.series ? slot.start : undefined;
      rows.push(
        await mapOverlap(
          () => insertAppointment(tx.db, scope, { ...values, startsAt: slot.start, endsAt: slot.end }),
          conflictDate,
        ),
      );
    }
    return rows;
  });
  const [firstRow] = created;
  if (!firstRow) throw new Error('no appointment created');
  return readAppointment(ctx.db, scope, firstRow);
}

const FIELD_KEYS = [
  'meetingType',
  'appointmentStart',
  'appointmentEnd',
  'location',
  'notes',
  'issue',
  'insuranceType',
  'sendEmails',
] as const;

/** The change of state a PATCH asks for (spec §4.1: taken ⇄ billable; billed only by invoicing). */
async function applyStateChange(
  tx: AppContext,
  actor: Actor,
  scope: Scope,
  row: AppointmentRow,
  state: AppointmentRow['state'],
) {
  if (state === row.state) return row;
  if (state === 'billed') {
    throw new AppError(ErrorCode.appointmentBilledByInvoiceOnly, {
      status: 409,
      detail: 'Appointments are billed by creating the invoice.',
    });
  }
  const action =
    state === 'billable' ? 'markBillable' : state === 'taken' && row.state === 'billable' ? 'makeEditable' : null;
  if (action === null)
    throw new AppError(ErrorCode.appointmentStateForbids, {
      status: 409,
      detail: `The appointment cannot become ${state}.`,
    });
  if (!mayDoAction(actor.roles, row.state, action)) {
    assertStateAllows(row, action);
    assertMayBill(actor.roles, ACTION_PERMISSIONS[action]);
    throw forbidden('Keine Berechtigung.');
  }
  if (action === 'markBillable') {
    assertEnded(row, new Date());
    assertPatientNamed(row);
    const detail = await findAppointmentDetail(tx.db, scope, row.id);
    const fees = detail?.fees ?? [];
    const check = checkBilling({
      fees: fees.map((fee) => ({ codeValue: fee.codeValue, incrementalRate: fee.rate })),
      client: { street: row.clientStreet, postalCode: row.clientPostalCode, city: row.clientCity },
    });
    // Spec §4.1: only complete data becomes billable; the answer names what is missing (fees first, as invoicing).
    if (!canMarkBillable(row.state, check)) {
      const [code, detail] = check.feesComplete
        ? [ErrorCode.appointmentAddressMissing, ADDRESS_MISSING]
        : [ErrorCode.appointmentFeesIncomplete, FEES_INCOMPLETE];
      throw new AppError(code, { status: 422, detail });
    }
  }
  return updateAppointment(tx.db, scope, row.id, { state });
}

/** PATCH /appointment/{id}: fields in available or taken; the state between taken and billable. */
export async function patchAppointment(ctx: AppContext, actor: Actor, id: number, input: PatchInput) {
  const hasFieldChanges = FIELD_KEYS.some((key) => input[key] !== undefined);
  const scope = scopeOf(actor);
  const row = await withTransaction(ctx, async (tx) => {
    if (hasFieldChanges) {
      // A new time may collide: the calendar's lock comes before the row's (see lockTherapistCalendar).
      const { therapistId } = await loadAppointment(tx.db, scope, id);
      await lockTherapistCalendar(tx.db, therapistId);
    }
    let current = await loadAppointment(tx.db, scope, id, true);
    if (hasFieldChanges) {
      assertStateAllows(current, 'edit');
      current = await applyFieldChanges(tx, scope, current, input);
    }
    if (input.state) current = await applyStateChange(tx, actor, scope, current, input.state);
    await auditAppointment(tx, actor, current, 'update', {
      fields: FIELD_KEYS.filter((key) => input[key] !== undefined),
      state: input.state,
    });
    return current;
  });
  return readAppointment(ctx.db, scope, row);
}

async function applyFieldChanges(
  tx: AppContext,
  scope: Scope,
  row: AppointmentRow,
  input: PatchInput,
): Promise<AppointmentRow> {
  const isNewType = input.meetingType !== undefined && input.meetingType !== row.appointmentTypeId;
  const type = input.meetingType
    ? await loadTypeFor(tx.db, scope, row.therapistId, input.meetingType, isNewType)
    : null;
  const start = input.appointmentStart ?? row.startsAt;
  const keptDuration = row.endsAt.getTime() - row.startsAt.getTime();
  const end =
    input.appointmentEnd ??
    (isNewType && type ? endOf(start, undefined, type) : new Date(start.getTime() + keptDuration));
  assertTimeRange(start, end);
  const isMoved = start.getTime() !== row.startsAt.getTime();
  const values: Partial<AppointmentValues> = {
    appointmentTypeId: input.meetingType === undefined ? undefined : (type?.id ?? null),
    startsAt: start,
    endsAt: end,
    location:
      input.location === undefined ? (isNewType ? (locationOfType(type) ?? row.location) : undefined) : input.location,
    notes: input.notes,
    issue: input.issue,
    insuranceType: input.insuranceType,
    sendEmails: input.sendEmails,
    // A moved appointment is reminded of again, at its new time.
    reminderSent: isMoved ? false : undefined,
  };
  return mapOverlap(() => updateAppointment(tx.db, scope, row.id, values));
}
