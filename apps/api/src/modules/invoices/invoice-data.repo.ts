import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  appointmentFees,
  appointments,
  appointmentTypes,
  diagnoses,
  feeScheduleItems,
  patients,
  userDiagnoses,
  users,
} from '../../db/schema.js';
import { practiceRows, type Scope } from '../../lib/scope.js';

// What an invoice document is built from, read inside the issuing transaction (after the appointments are locked).

export type UserRow = typeof users.$inferSelect;
export type FeeWithItem = {
  fee: typeof appointmentFees.$inferSelect;
  item: typeof feeScheduleItems.$inferSelect | null;
};

export async function usersByIds(db: Executor, ids: number[]): Promise<Map<number, UserRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

function selectPatients(db: Executor, scope: Scope, ids: number[]) {
  return db
    .select({
      patient: patients,
      user: users,
      diagnosisCode: userDiagnoses.codeValue,
      diagnosisFreeText: userDiagnoses.freeText,
      diagnosisTitle: diagnoses.title,
    })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .leftJoin(userDiagnoses, eq(userDiagnoses.id, patients.defaultUserDiagnosisId))
    .leftJoin(diagnoses, eq(diagnoses.codeValue, userDiagnoses.codeValue))
    .where(and(inArray(patients.userId, ids), practiceRows(scope, patients.customerId)));
}
export type PatientForInvoice = Awaited<ReturnType<typeof selectPatients>>[number];

/** The patients' records in the practice with their default diagnosis (catalogue code and title, or free text). */
export async function patientsForInvoice(
  db: Executor,
  scope: Scope,
  ids: number[],
): Promise<Map<number, PatientForInvoice>> {
  if (ids.length === 0) return new Map();
  const rows = await selectPatients(db, scope, ids);
  return new Map(rows.map((row) => [row.patient.userId, row]));
}

/** The fee entries of the appointments in entry order, each with its catalogue row (null for coaching). */
export async function feesWithItems(
  db: Executor,
  scope: Scope,
  appointmentIds: number[],
): Promise<Map<number, FeeWithItem[]>> {
  const byAppointment = new Map<number, FeeWithItem[]>();
  if (appointmentIds.length === 0) return byAppointment;
  const rows = await db
    .select({ fee: appointmentFees, item: feeScheduleItems })
    .from(appointmentFees)
    .leftJoin(feeScheduleItems, eq(feeScheduleItems.codeValue, appointmentFees.codeValue))
    .where(and(inArray(appointmentFees.appointmentId, appointmentIds), practiceRows(scope, appointmentFees.customerId)))
    .orderBy(asc(appointmentFees.id));
  for (const row of rows) {
    byAppointment.set(row.fee.appointmentId, [...(byAppointment.get(row.fee.appointmentId) ?? []), row]);
  }
  return byAppointment;
}

/** Where each appointment took place: its own location, else its type's ('both' counts as on site). */
export async function typeLocations(db: Executor, scope: Scope, typeIds: number[]): Promise<Map<number, string>> {
  if (typeIds.length === 0) return new Map();
  const rows = await db
    .select({ id: appointmentTypes.id, location: appointmentTypes.location })
    .from(appointmentTypes)
    .where(and(inArray(appointmentTypes.id, typeIds), practiceRows(scope, appointmentTypes.customerId)));
  return new Map(rows.map((row) => [row.id, row.location]));
}

/**
 * Every booked appointment of a patient with one therapist (free slots left out; a rejected booking becomes a free
 * slot again), with its GOÄ codes: the probatory count runs over the whole treatment, not only this invoice.
 */
export async function patientTreatmentHistory(db: Executor, scope: Scope, clientId: number, therapistId: number) {
  const rows = await db
    .select({ id: appointments.id, startsAt: appointments.startsAt, code: appointmentFees.codeValue })
    .from(appointments)
    .leftJoin(appointmentFees, eq(appointmentFees.appointmentId, appointments.id))
    .where(
      and(
        eq(appointments.clientId, clientId),
        eq(appointments.therapistId, therapistId),
        practiceRows(scope, appointments.customerId),
        ne(appointments.state, 'available'),
      ),
    );
  const byId = new Map<number, { id: number; startsAt: Date; codes: (string | null)[] }>();
  for (const row of rows) {
    const entry = byId.get(row.id) ?? { id: row.id, startsAt: row.startsAt, codes: [] };
    entry.codes.push(row.code);
    byId.set(row.id, entry);
  }
  return [...byId.values()];
}

/** The client's e-mail address (the XRechnung's buyer electronic address); null when none is recorded. */
export async function clientEmail(db: Executor, clientId: number): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, clientId)).limit(1);
  return row?.email?.trim() || null;
}
