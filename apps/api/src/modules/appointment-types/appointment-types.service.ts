import {
  type AppointmentType,
  type AppointmentTypeQuery,
  type appointmentTypeCreateSchema,
  type appointmentTypePatchSchema,
  DEFAULT_APPOINTMENT_TYPE,
  ErrorCode,
} from '@praxia/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { isConstraintViolation } from '../../db/constraint-violation.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { practiceScope, type Scope, scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { AppError, notFound } from '../../plugins/errors.js';
import { resolveCalendar, resolveCalendars } from '../users/index.js';
import {
  type AppointmentTypeRow,
  deleteAppointmentType,
  findAppointmentType,
  hasAppointmentTypes,
  insertAppointmentType,
  isAppointmentTypeUsed,
  listAppointmentTypes,
  lockActiveTypes,
  updateAppointmentType,
} from './appointment-types.repo.js';

export const toAppointmentTypeView = (row: AppointmentTypeRow): AppointmentType => ({
  id: row.id,
  userId: row.userId,
  customerId: row.customerId,
  name: row.name,
  duration: row.durationMinutes,
  insuranceType: row.insuranceType,
  location: row.location,
  bookingDeadline: row.bookingDeadline,
  deactivated: row.deactivated,
});

const typeNotFound = () => notFound('Appointment type not found');
const lastActive = () =>
  new AppError(ErrorCode.appointmentTypeLastActive, {
    status: 409,
    detail: 'At least one appointment type must stay active.',
  });

/**
 * A type of the calendars the caller's scope reaches (its own, or — for assistants — a colleague's in the practice);
 * else 404. Staff work inside a practice: a platform scope finds none.
 */
async function loadAppointmentType(db: Executor, scope: Scope, id: number, forUpdate = false) {
  const row = scope.kind === 'practice' ? await findAppointmentType(db, scope, id, forUpdate) : undefined;
  if (!row) throw typeNotFound();
  return row;
}

export async function getAppointmentTypes(ctx: AppContext, actor: Actor, query: AppointmentTypeQuery) {
  const calendars = await resolveCalendars(ctx.db, scopeOf(actor), query.userIds);
  const { rows, maxItems } = await listAppointmentTypes(ctx.db, calendars, {
    deactivated: query.deactivated,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { list: rows.map(toAppointmentTypeView), maxItems, currentPage: query.page, limit: query.limit };
}

export async function getAppointmentType(ctx: AppContext, actor: Actor, id: number) {
  return toAppointmentTypeView(await loadAppointmentType(ctx.db, scopeOf(actor), id));
}

export async function createAppointmentType(
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof appointmentTypeCreateSchema>,
): Promise<AppointmentType> {
  const { scope, therapistId } = await resolveCalendar(ctx.db, scopeOf(actor), input.userId);
  const row = await insertAppointmentType(ctx.db, scope, {
    userId: therapistId,
    name: input.name,
    durationMinutes: input.duration,
    location: input.location,
    insuranceType: input.insuranceType ?? null,
    bookingDeadline: input.bookingDeadline,
    deactivated: input.deactivated,
  });
  return toAppointmentTypeView(row);
}

/** The last active type of a therapist may be neither deactivated nor deleted (spec §4.2). */
async function assertAnotherActiveType(db: Executor, scope: Scope, row: AppointmentTypeRow): Promise<void> {
  if (row.deactivated) return;
  const active = await lockActiveTypes(db, scope, row.userId);
  if (!active.some((id) => id !== row.id)) throw lastActive();
}

export async function patchAppointmentType(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: z.output<typeof appointmentTypePatchSchema>,
): Promise<AppointmentType> {
  const scope = scopeOf(actor);
  return withTransaction(ctx, async (tx) => {
    // Deactivating locks the therapist's active types in id order first; anything else locks only this one.
    const isDeactivating = input.deactivated === true;
    const row = await loadAppointmentType(tx.db, scope, id, !isDeactivating);
    if (isDeactivating) await assertAnotherActiveType(tx.db, scope, row);
    const values = Object.fromEntries(
      Object.entries({
        name: input.name,
        durationMinutes: input.duration,
        location: input.location,
        insuranceType: input.insuranceType,
        bookingDeadline: input.bookingDeadline,
        deactivated: input.deactivated,
      }).filter(([, value]) => value !== undefined),
    );
    if (Object.keys(values).length === 0) return toAppointmentTypeView(row);
    return toAppointmentTypeView(await updateAppointmentType(tx.db, scope, id, values));
  });
}

/** Deletes an unused type; one that appointments use can only be deactivated (they keep their type). */
export async function removeAppointmentType(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const scope = scopeOf(actor);
  try {
    await withTransaction(ctx, async (tx) => {
      const row = await loadAppointmentType(tx.db, scope, id);
      await assertAnotherActiveType(tx.db, scope, row);
      if (await isAppointmentTypeUsed(tx.db, scope, id)) throw typeInUse();
      await deleteAppointmentType(tx.db, scope, id);
    });
  } catch (error) {
    // An appointment given this type in the same moment: the foreign key decides.
    if (isConstraintViolation(error, 'appointments_appointment_type_id_appointment_types_id_fk')) throw typeInUse();
    throw error;
  }
}

const typeInUse = () =>
  new AppError(ErrorCode.appointmentTypeInUse, {
    status: 409,
    detail: 'The appointment type is used by appointments.',
  });

/**
 * Gives a therapist of a practice the default type when they have none yet, so a new practice's calendar works from
 * the first minute (registration, a therapist added to a practice, the demo data). Runs in the caller's transaction,
 * as platform work inside that practice.
 */
export async function ensureDefaultAppointmentType(db: Executor, customerId: number, userId: number): Promise<void> {
  const practice = practiceScope(customerId);
  if (await hasAppointmentTypes(db, practice, userId)) return;
  await insertAppointmentType(db, practice, {
    userId,
    name: DEFAULT_APPOINTMENT_TYPE.name,
    durationMinutes: DEFAULT_APPOINTMENT_TYPE.durationMinutes,
    location: DEFAULT_APPOINTMENT_TYPE.location,
  });
}
