import {
  type InvoiceCreateInput,
  type InvoiceDocument,
  type InvoiceListItem,
  probatoryAppointmentIds,
} from '@praxia/shared';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
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
import { invoiceFileName, invoiceLogo, storeInvoiceFiles, WrittenFiles } from './invoice-files.js';
import { allocateInvoiceNumber } from './invoice-numbers.js';
import { findInvoiceListRow, insertInvoice } from './invoices.repo.js';

/**
 * The issue itself, in the caller's transaction: bill the appointments (locked, so a concurrent issue of the same
 * ones waits and is then refused), build every document (refusing factors and, unless confirmed, exclusions) before
 * any number is taken, then per invoice take the next number, render and store the files and insert the rows.
 */
async function issueInvoices(
  tx: AppContext,
  actor: Actor,
  appointmentIds: number[],
  options: { confirmExclusions: boolean; written: WrittenFiles; now: Date },
): Promise<number[]> {
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
  const logo = await invoiceLogo(tx, practice);
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
      logoKey: logo.key,
      therapist,
      patient,
      appointments: group.appointments,
      fees,
      typeLocation: (appointment) =>
        appointment.appointmentTypeId ? (locations.get(appointment.appointmentTypeId) ?? null) : null,
      probatoryIds,
    });
    contents.push({ group, content });
  }
  assertNoExclusions(rows, fees, options.confirmExclusions);
  const ids: number[] = [];
  for (const { group, content } of contents) {
    const invoiceNumber = await allocateInvoiceNumber(tx.db, customerId);
    const document: InvoiceDocument = { ...content, invoiceNumber: String(invoiceNumber) };
    const files = await storeInvoiceFiles(tx, options.written, customerId, document, logo.data);
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
        ...files,
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
    ids.push(row.id);
  }
  return ids;
}

/**
 * POST /invoice (contract): one invoice per therapist and patient, all in one transaction. Files written before a
 * failed commit are removed again (see WrittenFiles). Called inside an outer transaction (the demo seed), the outer
 * caller owns that clean-up.
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
  const written = new WrittenFiles();
  let ids: number[];
  try {
    ids = await withTransaction(ctx, async (tx) => {
      const appointmentIds = input.appointmentIds ?? (await invoiceableAppointmentIds(tx.db, actor, calendars, now));
      return issueInvoices(tx, actor, [...new Set(appointmentIds)], {
        confirmExclusions: input.confirmExclusions === true,
        written,
        now,
      });
    });
  } catch (error) {
    await written.removeAll(ctx);
    throw error;
  }
  const list: InvoiceListItem[] = [];
  for (const id of ids) {
    const row = await findInvoiceListRow(ctx.db, scopeOf(actor), id);
    if (row) list.push(toInvoiceListItem(row));
  }
  return { list };
}
