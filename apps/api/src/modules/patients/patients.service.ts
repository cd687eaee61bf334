import {
  ErrorCode,
  formatRateWire,
  type Language,
  type Patient,
  type patientCreateSchema,
  type patientUpdateSchema,
  Role,
  ValidationKey,
} from '@praxia/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { isConstraintViolation } from '../../db/constraint-violation.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { type PracticeScope, type Scope, scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { AppError, notFound, validationFailed } from '../../plugins/errors.js';
import { audited, recordAudit, recordAuditFailure, recordUserProbe, userNotFound } from '../audit/index.js';
import { findUserDiagnosis } from '../records/index.js';
import { insertUser, linkUserToCustomer, resolveTherapist, updateUser } from '../users/index.js';
import { toPatientView } from './patient.view.js';
import { loadPatient } from './patients.policy.js';
import {
  insertPatient,
  isLivePatient,
  isPatientEmailTaken,
  isPatientNumberTaken,
  markPatientDeleted,
  nextPatientNumber,
  type PatientRecordRow,
  updatePatient,
} from './patients.repo.js';

export type PatientCreateInput = z.output<typeof patientCreateSchema>;
export type PatientUpdateInput = z.output<typeof patientUpdateSchema>;

/** Spec people §8: a uniqueness refusal that belongs to the whole form; formGlobal carries the same code. */
const formRefusal = (code: ErrorCode, detail: string) =>
  new AppError(code, { status: 422, detail, fields: { formGlobal: [code] } });
const numberTaken = () =>
  formRefusal(ErrorCode.patientNumberTaken, 'The patient number is taken by another patient of the practice.');
const emailTaken = () =>
  formRefusal(ErrorCode.patientEmailTaken, 'The e-mail address is taken by another patient of the therapist.');
const NUMBER_RULE = 'patients_number_per_practice';

/** The number of the patient's booked appointments with the therapist (the record's session counter). */
async function countSessions(ctx: AppContext, actor: Actor, patientId: number, therapistId: number): Promise<number> {
  return ctx.sessionCounts.countClientAppointments(ctx.db, scopeOf(actor), patientId, therapistId);
}

/** GET /user/patient/{id} (and the patient branch of GET /user/{id}): the record, its read audited. */
export async function getPatient(ctx: AppContext, actor: Actor, id: number, sessionTherapistId?: number) {
  const event = {
    actor,
    customerId: actor.practiceId,
    patientId: id,
    action: 'read' as const,
    resource: 'patient' as const,
  };
  return audited(ctx, event, async () => {
    const row = await loadPatient(ctx.db, scopeOf(actor), id);
    return toPatientView(row, sessionTherapistId ? await countSessions(ctx, actor, id, sessionTherapistId) : 0);
  });
}

/**
 * For GET /user/{id} (users.routes.ts): the patient view when the id is a live patient of the acting practice, null
 * when it is no patient the caller's practice holds (the route answers with the staff view). The platform admin sees
 * every practice's patients but reads no record here: that answers exactly like a missing user and leaves the same
 * trace, the platform's probe record, nothing in a practice's log.
 */
export async function getPatientForUserRoute(
  ctx: AppContext,
  actor: Actor,
  id: number,
  sessionTherapistId?: number,
): Promise<Patient | null> {
  const scope = scopeOf(actor);
  if (!(await isLivePatient(ctx.db, scope, id))) return null;
  if (scope.kind !== 'practice') {
    await recordUserProbe(ctx, actor, id);
    throw userNotFound();
  }
  return getPatient(ctx, actor, id, sessionTherapistId);
}

/** Runs a change of a patient record with its audit row in one transaction; refusals and failures are audited too. */
export async function changePatient<T>(
  ctx: AppContext,
  actor: Actor,
  target: { patientId: number | null; action: 'create' | 'update' | 'delete' },
  work: (tx: AppContext) => Promise<T>,
): Promise<T> {
  try {
    return await withTransaction(ctx, work);
  } catch (error) {
    await recordAuditFailure(
      ctx,
      { actor, customerId: actor.practiceId, patientId: target.patientId, action: target.action, resource: 'patient' },
      error,
    );
    if (isConstraintViolation(error, NUMBER_RULE)) throw numberTaken();
    throw error;
  }
}

const userFields = (input: Partial<PatientCreateInput> & { language?: Language }) => ({
  salutation: input.salutation,
  title: input.title,
  firstName: input.firstName,
  lastName: input.lastName,
  email: input.email,
  phone: input.phone,
  phoneCountry: input.phoneCountry ?? undefined,
  street: input.street === undefined ? undefined : input.street || null,
  postalCode: input.postalCode,
  city: input.city,
  country: input.country ?? undefined,
  // From the booking's language, or the patient's own profile (the staff form has no such field).
  language: input.language,
});

const patientFields = (input: Partial<PatientCreateInput>) => ({
  birthday: input.birthday,
  insuranceType: input.insuranceType,
  careOf: input.careOf,
  invoiceAddress: input.invoiceAddress,
  invoiceDigital: input.invoiceDigital ?? undefined,
  internalNote: input.internalNote,
  invoiceRemark: input.invoiceRemark,
  diagnosisOnInvoice: input.diagnosisOnInvoice ?? undefined,
  feeAgreementDate: input.feeAgreementDate,
  feeAgreementFactor:
    input.feeAgreementFactor === undefined || input.feeAgreementFactor === null
      ? input.feeAgreementFactor
      : formatRateWire(input.feeAgreementFactor),
  feeAgreementSigned: input.feeAgreementSigned ?? undefined,
  collectionConsentAt: input.collectionConsentAt,
});

/**
 * §2 GOÄ: an agreement signed by the patient names its day and factor; checked on the record as it will be, so a
 * change of one field keeps the others.
 */
function assertCompleteAgreement(
  current: { feeAgreementDate: string | null; feeAgreementFactor: string | null; feeAgreementSigned: boolean },
  next: ReturnType<typeof patientFields>,
) {
  const signed = next.feeAgreementSigned ?? current.feeAgreementSigned;
  if (!signed) return;
  if ((next.feeAgreementDate === undefined ? current.feeAgreementDate : next.feeAgreementDate) === null) {
    throw validationFailed('feeAgreementDate', ValidationKey.required, 'Die Gebührenvereinbarung braucht ihr Datum.');
  }
  if ((next.feeAgreementFactor === undefined ? current.feeAgreementFactor : next.feeAgreementFactor) === null) {
    throw validationFailed(
      'feeAgreementFactor',
      ValidationKey.required,
      'Die Gebührenvereinbarung braucht den vereinbarten Faktor.',
    );
  }
}

const defined = <T extends Record<string, unknown>>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;

/**
 * The practice a new patient is filed in (spec people §7: the practice field): the acting one. Row-level security
 * keeps the request there, so another practice, even one of the caller's own, answers like a missing one.
 */
function filingScope(scope: Scope, customerId: number | undefined): PracticeScope {
  if (scope.kind !== 'practice' || (customerId !== undefined && customerId !== scope.practiceId)) {
    throw notFound('Customer not found');
  }
  return scope;
}

/** Creates the record inside the caller's transaction; returns the new patient's id. */
export async function insertPatientRecord(tx: AppContext, actor: Actor, input: PatientCreateInput): Promise<number> {
  const scope = filingScope(scopeOf(actor), input.customerId);
  const therapistId = await resolveTherapist(tx.db, scope, input.therapistId, { allowWholePractice: false });
  if (therapistId === null) throw notFound('Therapist not found');
  const patientNumber = await nextPatientNumber(tx.db, scope);
  if (patientNumber === null) throw notFound('Customer not found');
  if (await isPatientEmailTaken(tx.db, scope, therapistId, input.email)) throw emailTaken();
  return insertPatientRows(tx, scope, { therapistId, patientNumber }, input, { actor });
}

/**
 * The rows of a new patient of a therapist in the scope's practice, numbered, with the audit row. `audit.actor` is
 * null for the online booking (a guest has no account); its `detail` then says where the record came from.
 */
export async function insertPatientRows(
  tx: AppContext,
  scope: PracticeScope,
  owner: { therapistId: number; patientNumber: number },
  input: PatientCreateInput & { language?: Language },
  audit: { actor: Actor | null; detail?: Record<string, unknown> },
): Promise<number> {
  const customerId = scope.practiceId;
  const { therapistId, patientNumber } = owner;
  const user = await insertUser(tx.db, {
    ...defined(userFields(input)),
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    roles: Role.REGISTERED,
    isAccount: false,
    passwordHash: null,
  });
  await linkUserToCustomer(tx.db, scope, user.id);
  const values = patientFields(input);
  assertCompleteAgreement({ feeAgreementDate: null, feeAgreementFactor: null, feeAgreementSigned: false }, values);
  await insertPatient(tx.db, scope, {
    ...defined(values),
    // Private insurers need the diagnosis; a coaching client's invoice goes without unless they agree.
    diagnosisOnInvoice: input.diagnosisOnInvoice ?? input.insuranceType === 'privately',
    userId: user.id,
    therapistId,
    patientNumber,
  });
  await recordAudit(tx.db, {
    actor: audit.actor,
    customerId,
    patientId: user.id,
    action: 'create',
    resource: 'patient',
    resourceId: user.id,
    detail: audit.detail,
  });
  return user.id;
}

/** Applies changes to a locked, visible patient inside the caller's transaction. */
export async function applyPatientUpdate(
  tx: AppContext,
  actor: Actor,
  current: PatientRecordRow,
  input: PatientUpdateInput & { language?: Language },
): Promise<void> {
  const scope = scopeOf(actor);
  const id = current.user.id;
  const { customerId, therapistId } = current.patient;
  if (input.patientNumber !== undefined && input.patientNumber !== current.patient.patientNumber) {
    if (await isPatientNumberTaken(tx.db, scope, input.patientNumber, id)) throw numberTaken();
  }
  if (input.email && (await isPatientEmailTaken(tx.db, scope, therapistId, input.email, id))) {
    throw emailTaken();
  }
  if (input.defaultUserDiagnosisId) {
    const diagnosis = await findUserDiagnosis(tx.db, scope, input.defaultUserDiagnosisId);
    if (!diagnosis || diagnosis.userId !== id)
      throw validationFailed('defaultUserDiagnosisId', ValidationKey.invalidValue);
  }
  const userValues = defined(userFields(input));
  if (Object.keys(userValues).length) await updateUser(tx.db, id, userValues);
  const changed = patientFields(input);
  assertCompleteAgreement(current.patient, changed);
  const patientValues = defined({
    ...changed,
    patientNumber: input.patientNumber,
    defaultUserDiagnosisId: input.defaultUserDiagnosisId,
  });
  await updatePatient(tx.db, scope, id, patientValues);
  await recordAudit(tx.db, {
    actor,
    customerId,
    patientId: id,
    action: 'update',
    resource: 'patient',
    resourceId: id,
    // Which fields changed, never their values.
    detail: { fields: [...Object.keys(userValues), ...Object.keys(patientValues)] },
  });
}

export async function createPatient(ctx: AppContext, actor: Actor, input: PatientCreateInput): Promise<Patient> {
  const id = await changePatient(ctx, actor, { patientId: null, action: 'create' }, (tx) =>
    insertPatientRecord(tx, actor, input),
  );
  return toPatientView(await loadPatient(ctx.db, scopeOf(actor), id), 0);
}

export async function updatePatientRecord(ctx: AppContext, actor: Actor, id: number, input: PatientUpdateInput) {
  await changePatient(ctx, actor, { patientId: id, action: 'update' }, async (tx) =>
    applyPatientUpdate(tx, actor, await loadPatient(tx.db, scopeOf(actor), id, true), input),
  );
  return toPatientView(await loadPatient(ctx.db, scopeOf(actor), id), 0);
}

/** Soft delete: the record stays for the retention period (§630f BGB) but leaves every list and lookup. */
export async function deletePatient(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await changePatient(ctx, actor, { patientId: id, action: 'delete' }, async (tx) => {
    const scope = scopeOf(actor);
    const row = await loadPatient(tx.db, scope, id, true);
    // An invoiced patient stays: the invoices name them and are kept ten years (§147 AO).
    if (await tx.invoiceChecks.patientHasInvoices(tx.db, scopeOf(actor), id)) {
      throw new AppError(ErrorCode.patientHasInvoices, {
        status: 409,
        detail:
          'Für diesen Patienten wurden Rechnungen erstellt. Er kann nicht gelöscht werden, da Rechnungen 10 Jahre aufbewahrt werden müssen (§ 147 AO).',
      });
    }
    if (await markPatientDeleted(tx.db, scope, id, new Date())) await updateUser(tx.db, id, { deleted: true });
    await recordAudit(tx.db, {
      actor,
      customerId: row.patient.customerId,
      patientId: id,
      action: 'delete',
      resource: 'patient',
      resourceId: id,
    });
  });
}
