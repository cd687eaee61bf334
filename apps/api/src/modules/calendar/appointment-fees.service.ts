import {
  type AppointmentFeeEntry,
  agreedMaximum,
  COACHING_RATE_HUNDREDTHS,
  feeAmountCents,
  formatRateWire,
  parseRate,
  toPracticeIsoDate,
  ValidationKey as V,
} from '@praxia/shared';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { type Scope, scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { notFound, validationFailed } from '../../plugins/errors.js';
import {
  assertGoaeRate,
  assertNoItemConflicts,
  feeAgreementOf,
  findFeeAgreementFields,
  findFeeItem,
  findJobTitleType,
  ownField,
} from '../records/index.js';
import { requireCalendarPractice } from '../users/index.js';
import { toFeeView } from './appointment.view.js';
import {
  type AppointmentFeeRow,
  deleteAppointmentFee,
  findAppointmentFee,
  insertAppointmentFee,
  listAppointmentFees,
  replaceAppointmentFee,
} from './appointment-fees.repo.js';
import { assertStateAllows, auditAppointment, loadAppointment } from './appointment-rules.js';
import type { AppointmentRow } from './appointments.repo.js';

type FeeItemRow = NonNullable<Awaited<ReturnType<typeof findFeeItem>>>;

function toFeeWithItem(row: AppointmentFeeRow, item: FeeItemRow | null) {
  const view = toFeeView(row.appointmentId, {
    id: row.id,
    codeValue: row.codeValue,
    alternativeTitle: row.alternativeTitle,
    rate: row.incrementalRate,
    justification: row.justification,
    coachingTitle: row.coachingTitle,
    coachingCents: row.coachingAmountCents,
    coachingTax: row.coachingAmountTax,
    points: item?.points ?? null,
  });
  return {
    ...view,
    item: item && {
      codeValue: item.codeValue,
      title: item.title,
      titleShort: item.titleShort,
      amount: feeAmountCents(item.points) / 100,
      points: item.points,
      maxFactor: formatRateWire(parseRate(item.maxFactor) ?? 100),
      thresholdFactor: formatRateWire(parseRate(item.thresholdFactor) ?? 100),
    },
  };
}

/** GET /appointment/medical-fee-appointment: the entries of appointments the caller may see (else 404). */
export async function getAppointmentFees(ctx: AppContext, actor: Actor, appointmentIds: number[]) {
  const scope = requireCalendarPractice(scopeOf(actor));
  const ids = [...new Set(appointmentIds)];
  const appointments = new Map<number, AppointmentRow>();
  for (const id of ids) appointments.set(id, await loadAppointment(ctx.db, scope, id));
  // The patients' signed §2 GOÄ agreements, so the rows know how far a factor may go for each session.
  const agreements = new Map<number, ReturnType<typeof feeAgreementOf> | null>();
  for (const { clientId } of appointments.values()) {
    if (clientId === null || agreements.has(clientId)) continue;
    const patient = await findFeeAgreementFields(ctx.db, scope, clientId);
    agreements.set(clientId, patient && feeAgreementOf(patient));
  }
  const rows = await listAppointmentFees(ctx.db, scope, ids);
  return {
    list: rows.map(({ fee, item }) => {
      const appointment = appointments.get(fee.appointmentId);
      const agreement = appointment?.clientId ? agreements.get(appointment.clientId) : null;
      const agreed =
        item && appointment && agreement
          ? agreedMaximum(item, agreement, toPracticeIsoDate(appointment.startsAt))
          : null;
      return { ...toFeeWithItem(fee, item), agreedMaxRate: agreed };
    }),
  };
}

/**
 * The GOÄ rules of an entry of this appointment: its therapist's job type, the patient's fee agreement on the
 * appointment's day, and the catalogue's exclusions beside the appointment's other entries (`replacing` leaves out
 * the entry being changed).
 */
async function assertGoaeEntry(
  ctx: AppContext,
  scope: Scope,
  appointment: AppointmentRow,
  item: FeeItemRow,
  entry: Extract<AppointmentFeeEntry, { kind: 'goae' }>,
  replacing: number | null,
) {
  const patient = appointment.clientId ? await findFeeAgreementFields(ctx.db, scope, appointment.clientId) : null;
  assertGoaeRate(item, entry, ownField, {
    therapistJobType: await findJobTitleType(ctx.db, appointment.therapistId),
    agreement: patient && feeAgreementOf(patient),
    serviceDate: toPracticeIsoDate(appointment.startsAt),
  });
  const others = (await listAppointmentFees(ctx.db, scope, [appointment.id])).filter(({ fee }) => fee.id !== replacing);
  assertNoItemConflicts(
    [...others.flatMap(({ fee }) => (fee.codeValue ? [fee.codeValue] : [])), item.codeValue],
    [item, ...others.flatMap(({ item: other }) => (other ? [other] : []))],
  );
}

/**
 * The stored columns of an entry: a GOÄ item from the catalogue at a rate the GOÄ allows (justified above the
 * threshold), or coaching at rate 1.
 */
async function valuesOf(
  ctx: AppContext,
  scope: Scope,
  appointment: AppointmentRow,
  entry: AppointmentFeeEntry,
  replacing: number | null = null,
) {
  if (entry.kind === 'coaching') {
    return {
      codeValue: null,
      alternativeTitle: null,
      incrementalRate: formatRateWire(COACHING_RATE_HUNDREDTHS),
      justification: null,
      coachingTitle: entry.coachingTitle,
      coachingAmountCents: entry.coachingAmountCents,
      coachingAmountTax: entry.coachingAmountTax,
    };
  }
  const item = await findFeeItem(ctx.db, entry.codeValue);
  if (!item) throw validationFailed('medicalFeeScheduleCodeValue', V.invalidValue);
  await assertGoaeEntry(ctx, scope, appointment, item, entry, replacing);
  return {
    codeValue: item.codeValue,
    alternativeTitle: entry.alternativeTitle,
    incrementalRate: formatRateWire(entry.incrementalRate),
    justification: entry.justification,
    coachingTitle: null,
    coachingAmountCents: null,
    coachingAmountTax: null,
  };
}

const feeNotFound = () => notFound('Fee entry not found');

/** The entry and its appointment, locked, when the caller may change them (fields are locked once billable). */
async function loadEditableFee(tx: AppContext, scope: Scope, id: number) {
  const fee = await findAppointmentFee(tx.db, scope, id);
  if (!fee) throw feeNotFound();
  const appointment = await loadAppointment(tx.db, scope, fee.appointmentId, true).catch(() => {
    throw feeNotFound();
  });
  assertStateAllows(appointment, 'edit');
  return { fee, appointment };
}

export async function createAppointmentFee(
  ctx: AppContext,
  actor: Actor,
  input: { appointmentId: number; entry: AppointmentFeeEntry },
) {
  const scope = scopeOf(actor);
  return withTransaction(ctx, async (tx) => {
    const appointment = await loadAppointment(tx.db, scope, input.appointmentId, true);
    assertStateAllows(appointment, 'edit');
    const row = await insertAppointmentFee(tx.db, scope, {
      appointmentId: appointment.id,
      ...(await valuesOf(tx, scope, appointment, input.entry)),
    });
    await auditAppointment(tx, actor, appointment, 'update', { feeEntryAdded: row.id });
    return toFeeWithItem(row, row.codeValue ? ((await findFeeItem(tx.db, row.codeValue)) ?? null) : null);
  });
}

export async function patchAppointmentFee(ctx: AppContext, actor: Actor, id: number, entry: AppointmentFeeEntry) {
  const scope = scopeOf(actor);
  return withTransaction(ctx, async (tx) => {
    const { appointment } = await loadEditableFee(tx, scope, id);
    const row = await replaceAppointmentFee(tx.db, scope, id, await valuesOf(tx, scope, appointment, entry, id));
    await auditAppointment(tx, actor, appointment, 'update', { feeEntryChanged: id });
    return toFeeWithItem(row, row.codeValue ? ((await findFeeItem(tx.db, row.codeValue)) ?? null) : null);
  });
}

export async function removeAppointmentFee(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const scope = scopeOf(actor);
  await withTransaction(ctx, async (tx) => {
    const { appointment } = await loadEditableFee(tx, scope, id);
    await deleteAppointmentFee(tx.db, scope, id);
    await auditAppointment(tx, actor, appointment, 'update', { feeEntryRemoved: id });
  });
}
