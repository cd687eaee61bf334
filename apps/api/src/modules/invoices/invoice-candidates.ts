import {
  canInvoice,
  checkBilling,
  ErrorCode,
  type ExclusionConflict,
  exclusionConflicts,
  formatPracticeDate,
  frequencyConflicts,
  itemConflicts,
  mayDoAction,
  toPracticeIsoDate,
} from '@praxia/shared';
import type { Executor } from '../../db/client.js';
import type { Scope } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { AppError } from '../../plugins/errors.js';
import type { AppointmentRow } from '../calendar/index.js';
import { feesForBilling, lockBillingCandidates } from '../calendar/index.js';
import type { FeeWithItem } from './invoice-data.repo.js';
import { usersByIds } from './invoice-data.repo.js';

/**
 * POST /invoice without a selection: every appointment of the therapists that has ended by the issue and may be invoiced
 * (spec §4.1: billable and complete, or taken and complete when the therapist has no billing approval). Locked like
 * the billing itself, so a concurrent issue waits and then finds them billed.
 */
export async function invoiceableAppointmentIds(
  db: Executor,
  actor: Actor,
  calendars: Scope,
  now: Date,
): Promise<number[]> {
  const rows = await lockBillingCandidates(db, calendars, { states: ['taken', 'billable'], endedBy: now });
  const fees = await feesForBilling(
    db,
    calendars,
    rows.map((row) => row.id),
  );
  const therapists = await usersByIds(db, [...new Set(rows.map((row) => row.therapistId))]);
  const ready = rows.filter((row) => {
    const check = checkBilling({
      fees: fees.get(row.id) ?? [],
      client: { street: row.clientStreet, postalCode: row.clientPostalCode, city: row.clientCity },
    });
    const hasBillingApproval = therapists.get(row.therapistId)?.billingApproval ?? false;
    return (
      row.clientId !== null &&
      mayDoAction(actor.roles, row.state, 'bill') &&
      canInvoice(row.state, check, { hasBillingApproval })
    );
  });
  if (ready.length === 0) {
    throw new AppError(ErrorCode.appointmentsNoneBillable, {
      status: 404,
      detail: 'Keine abrechenbaren Termine in der Vergangenheit vorhanden.',
    });
  }
  return ready.map((row) => row.id);
}

/** One invoice per therapist and patient (spec §4.1), the appointments in time order. */
export function groupByTherapistAndPatient(rows: AppointmentRow[]) {
  const groups = new Map<string, { therapistId: number; clientId: number; appointments: AppointmentRow[] }>();
  for (const row of [...rows].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id)) {
    if (row.clientId === null)
      throw new AppError(ErrorCode.appointmentAddressMissing, { status: 409, detail: 'Adresse fehlt.' });
    const key = `${row.therapistId}:${row.clientId}`;
    const group = groups.get(key) ?? { therapistId: row.therapistId, clientId: row.clientId, appointments: [] };
    group.appointments.push(row);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * GOÄ section B provision 4 per session: without the user's confirmation the issue is refused with the conflicts,
 * which the web shows as a warning before posting again with confirmExclusions.
 */
export function assertNoExclusions(rows: AppointmentRow[], fees: Map<number, FeeWithItem[]>, confirmed: boolean) {
  if (confirmed) return;
  const references = new Map<string, string>();
  for (const entries of fees.values()) {
    for (const { item } of entries) if (item?.referenceCode) references.set(item.codeValue, item.referenceCode);
  }
  const sessions = rows.map((row) => ({
    sessionId: row,
    codes: (fees.get(row.id) ?? []).flatMap(({ fee }) => (fee.codeValue ? [fee.codeValue] : [])),
  }));
  const conflicts: ExclusionConflict<AppointmentRow>[] = exclusionConflicts(
    sessions,
    (code) => references.get(code) ?? null,
  );
  if (conflicts.length === 0) return;
  const described = conflicts.map((entry) => ({
    date: formatPracticeDate(entry.sessionId.startsAt),
    consultationCode: entry.consultationCode,
    treatmentCode: entry.treatmentCode,
  }));
  const list = described
    .map((entry) => `Nr. ${entry.consultationCode} neben Nr. ${entry.treatmentCode} am ${entry.date}`)
    .join(', ');
  throw new AppError(ErrorCode.invoiceGoaeExclusions, {
    status: 409,
    detail: `Die Nr. 1, 3, 22, 30 und 34 sind neben den Nr. 804 bis 812, 817, 835, 849, 861 bis 864, 870, 871, 886 und 887 in derselben Sitzung nicht berechnungsfähig: ${list}.`,
    params: { list, conflicts: described },
  });
}

type TreatmentSession = { id: number; startsAt: Date; codes: (string | null)[] };

const itemRefused = (code: ErrorCode, detail: string, params: Record<string, string>) =>
  new AppError(code, { status: 422, detail, params });

/**
 * The catalogue's item rules, which no confirmation lifts: items excluded beside each other in one session, and items
 * over their limit per treatment case or period, counted over the patient's whole treatment with the therapist
 * (`history`, which holds the sessions being billed). Analog numbers count as their reference items.
 */
export function assertItemRules(
  rows: AppointmentRow[],
  fees: Map<number, FeeWithItem[]>,
  history: readonly TreatmentSession[],
) {
  const references = new Map<string, string>();
  for (const entries of fees.values()) {
    for (const { item } of entries) if (item?.referenceCode) references.set(item.codeValue, item.referenceCode);
  }
  const referenceOf = (code: string) => references.get(code) ?? null;
  const codesOf = (row: AppointmentRow) =>
    (fees.get(row.id) ?? []).flatMap(({ fee }) => (fee.codeValue ? [fee.codeValue] : []));
  for (const row of rows) {
    const [conflict] = itemConflicts(codesOf(row), referenceOf);
    if (conflict) {
      const date = formatPracticeDate(row.startsAt);
      throw itemRefused(
        ErrorCode.goaeItemExclusion,
        `Die Nr. ${conflict.code} ist neben der Nr. ${conflict.otherCode} nicht berechnungsfähig (am ${date}; GOÄ: „${conflict.source}“).`,
        { code: conflict.code, otherCode: conflict.otherCode, date },
      );
    }
  }
  const session = (id: number, startsAt: Date, codes: readonly (string | null)[]) => ({
    sessionId: id,
    date: toPracticeIsoDate(startsAt),
    codes: codes.filter((code): code is string => code !== null),
  });
  const [tooOften] = frequencyConflicts(
    rows.map((row) => session(row.id, row.startsAt, codesOf(row))),
    history.map((entry) => session(entry.id, entry.startsAt, entry.codes)),
    referenceOf,
  );
  if (!tooOften) return;
  const row = rows.find((candidate) => candidate.id === tooOften.sessionId);
  const date = row ? formatPracticeDate(row.startsAt) : '';
  throw itemRefused(
    ErrorCode.goaeItemLimit,
    `Die Nr. ${tooOften.code} ist am ${date} zu oft berechnet (GOÄ: „${tooOften.source}“).`,
    {
      code: tooOften.code,
      date,
    },
  );
}
