import {
  type FeeCatalogueItem,
  type FeeDefault,
  type FeeDefaultEntry,
  feeAmountCents,
  formatRateWire,
  parseRate,
  ValidationKey,
} from '@praxia/shared';
import type { AppContext } from '../../context.js';
import type { feeScheduleItems, userFeeDefaults } from '../../db/schema.js';
import { type Scope, scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { notFound, validationFailed } from '../../plugins/errors.js';
import type { AuditEvent } from '../audit/index.js';
import { recordAudit } from '../audit/index.js';
import { assertGoaeRate, assertNoItemConflicts, type FieldPath, feeAgreementOf, ownField } from './fee-rules.js';
import {
  deleteFeeDefaults,
  deleteUserDiagnoses,
  findDiagnosisCode,
  findFeeItem,
  findJobTitleType,
  insertFeeDefault,
  insertUserDiagnosis,
  listFeeDefaults,
  listUserDiagnoses,
  searchDiagnosisCatalogue,
  searchFeeCatalogue,
} from './records.repo.js';

/**
 * A patient's record as the patients module loads it in the caller's scope (patients build on records). The
 * functions below work on a patient loaded so: the load checked that the caller reaches them.
 */
export type PatientRecordRow = Awaited<ReturnType<AppContext['patientRecords']['loadPatient']>>;

export async function searchDiagnoses(ctx: AppContext, searchString: string | undefined) {
  return { list: await searchDiagnosisCatalogue(ctx.db, searchString) };
}

type FeeItemRow = typeof feeScheduleItems.$inferSelect;

const toFeeItemView = (row: FeeItemRow): FeeCatalogueItem => ({
  codeValue: row.codeValue,
  title: row.title,
  titleShort: row.titleShort,
  amount: feeAmountCents(row.points) / 100,
  points: row.points,
  maxFactor: formatRateWire(parseRate(row.maxFactor) ?? 100),
  thresholdFactor: formatRateWire(parseRate(row.thresholdFactor) ?? 100),
});

export async function searchFeeItems(ctx: AppContext, searchString: string | undefined) {
  const rows = await searchFeeCatalogue(ctx.db, searchString);
  return { list: rows.map(toFeeItemView) };
}

export const auditEvent = (
  actor: Actor,
  patient: PatientRecordRow,
  action: AuditEvent['action'],
  resource: AuditEvent['resource'],
  resourceId?: number | null,
  detail?: Record<string, unknown>,
): AuditEvent => ({
  actor,
  customerId: patient.patient.customerId,
  patientId: patient.patient.userId,
  action,
  resource,
  resourceId,
  detail,
});

export async function readDiagnoses(ctx: AppContext, scope: Scope, patient: PatientRecordRow) {
  return listUserDiagnoses(ctx.db, scope, patient.patient.userId);
}

/** Adds a diagnosis to a patient inside the caller's transaction (ctx.db is it); a code must be in the catalogue. */
export async function addDiagnosis(
  ctx: AppContext,
  actor: Actor,
  patient: PatientRecordRow,
  input: { codeValue?: string | null; freeText?: string | null },
) {
  const codeValue = input.codeValue ? input.codeValue.toUpperCase() : null;
  if (codeValue && !(await findDiagnosisCode(ctx.db, codeValue))) {
    throw validationFailed('codeValue', ValidationKey.invalidValue);
  }
  const row = await insertUserDiagnosis(ctx.db, scopeOf(actor), {
    userId: patient.patient.userId,
    codeValue,
    freeText: codeValue ? null : (input.freeText ?? null),
  });
  await recordAudit(ctx.db, auditEvent(actor, patient, 'create', 'diagnosis', row.id));
  const title = codeValue ? ((await findDiagnosisCode(ctx.db, codeValue))?.title ?? null) : null;
  return { id: row.id, userId: row.userId, codeValue: row.codeValue, freeText: row.freeText, title };
}

export async function removeDiagnoses(ctx: AppContext, actor: Actor, patient: PatientRecordRow, ids: number[]) {
  if (!ids.length) return;
  await deleteUserDiagnoses(ctx.db, scopeOf(actor), ids);
  for (const id of ids) await recordAudit(ctx.db, auditEvent(actor, patient, 'delete', 'diagnosis', id));
}

/** A fee default with its catalogue item, so the form can label it 'code, title, amount × rate' and bound the rate. */
export function toFeeDefaultView(row: typeof userFeeDefaults.$inferSelect, item: FeeItemRow | null): FeeDefault {
  const rate = row.incrementalRate === null ? null : parseRate(row.incrementalRate);
  return {
    id: row.id,
    userId: row.userId,
    codeValue: row.codeValue,
    alternativeTitle: row.alternativeTitle,
    incrementalRate: rate === null ? null : formatRateWire(rate),
    coachingTitle: row.coachingTitle,
    coachingAmount: row.coachingAmountCents === null ? null : row.coachingAmountCents / 100,
    coachingAmountTax: row.coachingAmountTax,
    justification: row.justification,
    item: item && toFeeItemView(item),
  };
}

export async function readFeeDefaults(ctx: AppContext, scope: Scope, patient: PatientRecordRow) {
  const rows = await listFeeDefaults(ctx.db, scope, [patient.patient.userId]);
  return rows.map(({ feeDefault, item }) => toFeeDefaultView(feeDefault, item));
}

/**
 * Adds a fee default inside the caller's transaction: a GOÄ item at a rate the GOÄ allows (justified above the
 * threshold), or coaching. `field` names the entry's fields as the request carries them.
 */
export async function addFeeDefault(
  ctx: AppContext,
  actor: Actor,
  patient: PatientRecordRow,
  entry: FeeDefaultEntry,
  field: FieldPath = ownField,
) {
  const base = { userId: patient.patient.userId };
  let values: Omit<typeof userFeeDefaults.$inferInsert, 'customerId'>;
  if ('incrementalRate' in entry) {
    const item = await findFeeItem(ctx.db, entry.codeValue);
    if (!item) throw validationFailed(field('codeValue'), ValidationKey.invalidValue);
    assertGoaeRate(item, entry, field, {
      therapistJobType: await findJobTitleType(ctx.db, patient.patient.therapistId),
      agreement: feeAgreementOf(patient.patient),
      serviceDate: null,
    });
    // Every booked session receives all defaults, so they must stand beside each other.
    const stored = await listFeeDefaults(ctx.db, scopeOf(actor), [patient.patient.userId]);
    assertNoItemConflicts(
      [...stored.flatMap(({ feeDefault }) => (feeDefault.codeValue ? [feeDefault.codeValue] : [])), item.codeValue],
      [item, ...stored.flatMap(({ item: storedItem }) => (storedItem ? [storedItem] : []))],
    );
    values = {
      ...base,
      codeValue: item.codeValue,
      alternativeTitle: entry.alternativeTitle || null,
      incrementalRate: formatRateWire(entry.incrementalRate),
      justification: entry.justification,
    };
  } else {
    values = {
      ...base,
      coachingTitle: entry.coachingTitle,
      coachingAmountCents: entry.coachingAmount,
      coachingAmountTax: entry.coachingAmountTax,
    };
  }
  const row = await insertFeeDefault(ctx.db, scopeOf(actor), values);
  await recordAudit(ctx.db, auditEvent(actor, patient, 'create', 'feeDefault', row.id));
  return toFeeDefaultView(
    row,
    'incrementalRate' in entry ? ((await findFeeItem(ctx.db, entry.codeValue)) ?? null) : null,
  );
}

export async function removeFeeDefaults(ctx: AppContext, actor: Actor, patient: PatientRecordRow, ids: number[]) {
  if (!ids.length) return;
  await deleteFeeDefaults(ctx.db, scopeOf(actor), ids);
  for (const id of ids) await recordAudit(ctx.db, auditEvent(actor, patient, 'delete', 'feeDefault', id));
}

export const diagnosisNotFound = () => notFound('Diagnosis not found');
