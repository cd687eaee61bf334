import {
  ErrorCode,
  type InvoiceCreateInput,
  type InvoiceDocument,
  type InvoiceListItem,
  probatoryAppointmentIds,
} from '@praxia/shared';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { AppError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import type { AppointmentRow } from '../calendar/index.js';
import { assertMayBill, markAppointmentsBilled } from '../calendar/index.js';
import { findCustomer } from '../customers/index.js';
import { requireCalendarPractice, resolveCalendars } from '../users/index.js';
import { toInvoiceListItem } from './invoice.view.js';
import {
  assertItemRules,
  assertNoExclusions,
  groupByTherapistAndPatient,
  invoiceableAppointmentIds,
} from './invoice-candidates.js';
import {
  feesWithItems,
  type PatientForInvoice,
  patientsForInvoice,
  patientTreatmentHistory,
  typeLocations,
  usersByIds,
} from './invoice-data.repo.js';
import { buildInvoiceDocument } from './invoice-document.builder.js';
import { invoiceFileName, invoiceLogo, newInvoiceFileKeys, storeIssuedFiles } from './invoice-files.js';
import { allocateInvoiceNumber } from './invoice-numbers.js';
import { findInvoiceListRow, type InvoiceRow, insertInvoice } from './invoices.repo.js';

/**
 * The issue itself, in the caller's transaction: bill the appointments (locked, so a concurrent issue of the same
 * ones waits and is then refused), build every document (refusing factors and, unless confirmed, exclusions) before
 * any number is taken, then per invoice take the next number and insert the row. The files are drawn after commit:
 * the number lock taken here holds every other issue of the practice until then.
 */
/** §33 UStDV: up to 250 € gross a small-amount invoice may leave out the issuer's tax number. */
const SMALL_AMOUNT_LIMIT_CENTS = 25_000;

/**
 * §14 Abs. 4 Nr. 2 UStG: an invoice names the tax number (or VAT id) the issuer got from the tax office; without it
 * the patient's insurer and the tax office may reject it. Only a small-amount invoice (§33 UStDV) goes without.
 */
function assertIssuerIdentified(content: Pick<InvoiceDocument, 'practice' | 'totalCents'>): void {
  if (content.practice.taxNumber || content.totalCents <= SMALL_AMOUNT_LIMIT_CENTS) return;
  throw new AppError(ErrorCode.invoiceTaxNumberMissing, {
    status: 409,
    detail:
      'Rechnungen über 250 € müssen die Steuernummer nennen (§ 14 Abs. 4 Nr. 2 UStG). Bitte tragen Sie sie in den Rechnungseinstellungen ein und wählen Sie „Steuernummer auf Rechnungen anzeigen“.',
  });
}

async function issueInvoices(
  tx: AppContext,
  actor: Actor,
  appointmentIds: number[],
  options: { confirmExclusions: boolean; logoKey: string | null; now: Date },
): Promise<InvoiceRow[]> {
  const scope = scopeOf(actor);
  const customerId = requireCalendarPractice(scope).practiceId;
  const rows: AppointmentRow[] = await markAppointmentsBilled(tx, actor, appointmentIds, options.now);
  const groups = groupByTherapistAndPatient(rows);
  const practice = await findCustomer(tx.db, customerId);
  if (!practice) throw new Error(`practice ${customerId} missing`);
  // One after the other: a transaction's one connection runs one statement at a time.
  const fees = await feesWithItems(
    tx.db,
    scope,
    rows.map((row) => row.id),
  );
  const therapists = await usersByIds(tx.db, [...new Set(groups.map((group) => group.therapistId))]);
  const patients = await patientsForInvoice(tx.db, scope, [...new Set(groups.map((group) => group.clientId))]);
  const typeIds = new Set(rows.flatMap((row) => (row.appointmentTypeId ? [row.appointmentTypeId] : [])));
  const locations = await typeLocations(tx.db, scope, [...typeIds]);
  const { now } = options;
  const contents = [];
  for (const group of groups) {
    const therapist = therapists.get(group.therapistId);
    const patient: PatientForInvoice | undefined = patients.get(group.clientId);
    if (!therapist || !patient) throw new Error('therapist or patient of a billed appointment missing');
    // The whole treatment with this therapist: probatory sessions and the GOÄ's limits per case count over it.
    const history = await patientTreatmentHistory(tx.db, scope, group.clientId, group.therapistId);
    assertItemRules(group.appointments, fees, history);
    const probatoryIds =
      therapist.invoiceAssessmentSessions === 'mark'
        ? probatoryAppointmentIds(history, { markProbatory: true })
        : new Set<number>();
    const content = buildInvoiceDocument({
      now,
      practice,
      logoKey: options.logoKey,
      therapist,
      patient,
      appointments: group.appointments,
      fees,
      typeLocation: (appointment) =>
        appointment.appointmentTypeId ? (locations.get(appointment.appointmentTypeId) ?? null) : null,
      probatoryIds,
    });
    assertIssuerIdentified(content);
    contents.push({ group, content });
  }
  assertNoExclusions(rows, fees, options.confirmExclusions);
  const issued: InvoiceRow[] = [];
  // The lock taken here holds every other issue of the practice until commit, so the batch's numbers follow the first.
  const firstNumber = await allocateInvoiceNumber(tx.db, customerId);
  for (const [index, { group, content }] of contents.entries()) {
    const invoiceNumber = firstNumber + index;
    const document: InvoiceDocument = { ...content, invoiceNumber: String(invoiceNumber) };
    const appointmentIdsOfGroup = group.appointments.map((appointment) => appointment.id);
    const row = await insertInvoice(
      tx.db,
      scope,
      {
        therapistId: group.therapistId,
        clientId: group.clientId,
        invoiceNumber,
        kind: 'invoice',
        amountCents: document.totalCents,
        dueDate: document.dueDate,
        document,
        ...newInvoiceFileKeys(customerId),
        fileName: invoiceFileName('invoice', invoiceNumber),
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
      },
      appointmentIdsOfGroup,
    );
    await recordAudit(tx.db, {
      actor,
      customerId,
      patientId: group.clientId,
      action: 'create',
      resource: 'invoice',
      resourceId: row.id,
      detail: { invoiceNumber, appointmentIds: appointmentIdsOfGroup },
    });
    issued.push(row);
  }
  return issued;
}

/**
 * POST /invoice (contract): one invoice per therapist and patient, numbered and stored in one short transaction; their
 * files are drawn once it has committed, before the answer (invoice-files.ts). Called inside an outer transaction
 * (the demo seed), the files are drawn before that one commits.
 */
export async function createInvoices(
  ctx: AppContext,
  actor: Actor,
  input: InvoiceCreateInput,
  // The issue day; only the demo seed issues invoices in the past (so the evaluation has months to show).
  now: Date = new Date(),
): Promise<{ list: InvoiceListItem[] }> {
  assertMayBill(actor.roles, ['appointmentBill', 'create']);
  const calendars = input.appointmentIds
    ? requireCalendarPractice(scopeOf(actor))
    : await resolveCalendars(ctx.db, scopeOf(actor), input.therapistIds);
  const practice = await findCustomer(ctx.db, requireCalendarPractice(scopeOf(actor)).practiceId);
  if (!practice) throw new Error('the acting practice is missing');
  const logoKey = await invoiceLogo(ctx, practice);
  const issued = await withTransaction(ctx, async (tx) => {
    const appointmentIds = input.appointmentIds ?? (await invoiceableAppointmentIds(tx.db, actor, calendars, now));
    return issueInvoices(tx, actor, [...new Set(appointmentIds)], {
      confirmExclusions: input.confirmExclusions === true,
      logoKey,
      now,
    });
  });
  await storeIssuedFiles(ctx, issued);
  const list: InvoiceListItem[] = [];
  for (const { id } of issued) {
    const row = await findInvoiceListRow(ctx.db, scopeOf(actor), id);
    if (row) list.push(toInvoiceListItem(row));
  }
  return { list };
}
