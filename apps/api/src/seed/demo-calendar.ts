import { randomUUID } from 'node:crypto';
import { addPracticeDays, atPracticeTime, startOfPracticeWeek } from '@praxia/shared';
import { and, eq, gte } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';
import { appointments, appointmentTypes, patients, userCustomers, users } from '../db/schema.js';
import { practiceScope } from '../lib/scope.js';
import { ensureDefaultAppointmentType } from '../modules/appointment-types/appointment-types.service.js';
import { copyFeeDefaultsToAppointment } from '../modules/calendar/appointment-fees.repo.js';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const MINUTE_MS = 60_000;
const SESSION_HOURS = [9, 10, 11, 14, 15];
const WEEKDAYS = [0, 1, 2, 3, 4, 7, 8, 9, 10, 11];

export async function practiceOf(tx: Executor, userId: number): Promise<number | undefined> {
  const [link] = await tx
    .select({ customerId: userCustomers.customerId })
    .from(userCustomers)
    .where(eq(userCustomers.userId, userId));
  return link?.customerId;
}

export async function findUserId(tx: Executor, email: string): Promise<number | undefined> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row?.id;
}

export async function typeOf(
  tx: Executor,
  customerId: number,
  userId: number,
  values: Pick<typeof appointmentTypes.$inferInsert, 'name' | 'durationMinutes' | 'location'>,
) {
  const [existing] = await tx
    .select()
    .from(appointmentTypes)
    .where(
      and(
        eq(appointmentTypes.customerId, customerId),
        eq(appointmentTypes.userId, userId),
        eq(appointmentTypes.name, values.name),
      ),
    );
  if (existing) return existing;
  const [row] = await tx
    .insert(appointmentTypes)
    .values({ customerId, userId, ...values })
    .returning();
  if (!row) throw new Error('demo type insert returned no row');
  return row;
}

export type Slot = { start: Date; minutes: number; typeId: number; location: 'onSite' | 'remote' };

/** A taken appointment of a demo patient with a snapshot of their data and their fee defaults as fee entries. */
export async function book(
  tx: Tx,
  customerId: number,
  therapistId: number,
  slot: Slot,
  patientId: number,
  state: 'taken' | 'billable',
  seriesId?: string,
): Promise<number> {
  const [patient] = await tx.select().from(users).where(eq(users.id, patientId));
  const [record] = await tx.select().from(patients).where(eq(patients.userId, patientId));
  const [row] = await tx
    .insert(appointments)
    .values({
      ...slotValues(customerId, therapistId, slot),
      state,
      clientId: patientId,
      clientSalutation: patient?.salutation ?? null,
      clientFirstName: patient?.firstName ?? null,
      clientLastName: patient?.lastName ?? null,
      clientEmail: patient?.email ?? null,
      clientPhoneCountry: patient?.phoneCountry ?? null,
      clientPhone: patient?.phone ?? null,
      clientStreet: patient?.street ?? null,
      clientPostalCode: patient?.postalCode ?? null,
      clientCity: patient?.city ?? null,
      insuranceType: record?.insuranceType ?? null,
      reminderSent: slot.start.getTime() < Date.now() + 86_400_000,
      ...(seriesId ? { seriesId, seriesInterval: 'P1W' as const, seriesCount: 4 } : {}),
    })
    .returning({ id: appointments.id });
  if (!row) throw new Error('demo appointment insert returned no row');
  await copyFeeDefaultsToAppointment(tx, practiceScope(customerId), patientId, row.id);
  return row.id;
}

function slotValues(customerId: number, therapistId: number, slot: Slot) {
  return {
    customerId,
    therapistId,
    appointmentTypeId: slot.typeId,
    startsAt: slot.start,
    endsAt: new Date(slot.start.getTime() + slot.minutes * MINUTE_MS),
    location: slot.location,
    // Demo addresses are not real: no mails to them.
    sendEmails: false,
  };
}

/**
 * The demo therapist's current and next week (Monday to Friday, German time, relative to today): sessions with her
 * five patients (past ones billable or taken with their fee entries), free slots, a weekly series on Tuesday mornings
 * and one online appointment. The other demo therapists get free slots, so every calendar is alive. Skipped once the
 * demo therapist has appointments.
 */
export async function seedDemoCalendar(db: Database, now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const therapistId = await findUserId(tx, 'therapeutin@example.org');
    if (therapistId === undefined) return;
    const customerId = await practiceOf(tx, therapistId);
    if (customerId === undefined) return;
    const [existing] = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.therapistId, therapistId))
      .limit(1);
    if (existing) return;

    await ensureDefaultAppointmentType(tx, customerId, therapistId);
    const session = await typeOf(tx, customerId, therapistId, {
      name: 'Therapiesitzung',
      durationMinutes: 50,
      location: 'onSite',
    });
    const first = await typeOf(tx, customerId, therapistId, {
      name: 'Erstgespräch',
      durationMinutes: 25,
      location: 'both',
    });
    const online = await typeOf(tx, customerId, therapistId, {
      name: 'Online-Sitzung',
      durationMinutes: 50,
      location: 'remote',
    });
    const patientIds = (
      await tx
        .select({ id: patients.userId })
        .from(patients)
        .where(eq(patients.therapistId, therapistId))
        .orderBy(patients.patientNumber)
    ).map((row) => row.id);

    const monday = startOfPracticeWeek(now);
    for (const [dayIndex, offset] of WEEKDAYS.entries()) {
      const day = addPracticeDays(monday, offset);
      for (const [hourIndex, hour] of SESSION_HOURS.entries()) {
        const slot: Slot = { start: atPracticeTime(day, hour), minutes: 50, typeId: session.id, location: 'onSite' };
        const patientId = patientIds[(dayIndex * SESSION_HOURS.length + hourIndex) % Math.max(patientIds.length, 1)];
        const isFree = (dayIndex + hourIndex) % 3 === 0 || patientId === undefined;
        if (isFree) {
          await tx.insert(appointments).values(slotValues(customerId, therapistId, slot));
        } else {
          // Billable only once the session has ended: no service is billed before it was rendered.
          const isPast = slot.start.getTime() + slot.minutes * MINUTE_MS <= now.getTime();
          await book(
            tx,
            customerId,
            therapistId,
            slot,
            patientId,
            isPast && hourIndex % 2 === 0 ? 'billable' : 'taken',
          );
        }
      }
    }

    // A weekly series of first consultations on Tuesday mornings; the first one is booked.
    const seriesId = randomUUID();
    for (let week = 0; week < 4; week++) {
      const slot: Slot = {
        start: atPracticeTime(addPracticeDays(monday, 1 + 7 * week), 8),
        minutes: 25,
        typeId: first.id,
        location: 'onSite',
      };
      const [patientId] = patientIds;
      if (week === 0 && patientId !== undefined) {
        await book(tx, customerId, therapistId, slot, patientId, 'taken', seriesId);
      } else {
        await tx
          .insert(appointments)
          .values({ ...slotValues(customerId, therapistId, slot), seriesId, seriesInterval: 'P1W', seriesCount: 4 });
      }
    }

    // One online session next Wednesday afternoon.
    const onlinePatient = patientIds[1] ?? patientIds[0];
    const onlineSlot: Slot = {
      start: atPracticeTime(addPracticeDays(monday, 9), 17),
      minutes: 50,
      typeId: online.id,
      location: 'remote',
    };
    if (onlinePatient !== undefined) await book(tx, customerId, therapistId, onlineSlot, onlinePatient, 'taken');

    const heldSlot: Slot = {
      start: atPracticeTime(addPracticeDays(monday, 10), 17),
      minutes: 25,
      typeId: first.id,
      location: 'onSite',
    };
    if (patientIds[0] !== undefined) await holdGuestBooking(tx, customerId, therapistId, heldSlot, patientIds[0]);

    await ensureBillableExamples(tx, { customerId, therapistId, typeId: session.id, patientIds }, monday, now);
    await seedFreeSlotsOfColleagues(tx, monday);
  });
}

/**
 * A guest's online booking held for the practice: next Thursday's first consultation, booked through the widget by a
 * relative who typed the demo patient's e-mail. The calendar asks the therapist to check it and assign the record.
 */
async function holdGuestBooking(tx: Tx, customerId: number, therapistId: number, slot: Slot, patientId: number) {
  const [patient] = await tx.select().from(users).where(eq(users.id, patientId));
  if (!patient) return;
  await tx.insert(appointments).values({
    ...slotValues(customerId, therapistId, slot),
    state: 'taken',
    clientSalutation: 'Frau',
    clientFirstName: 'Lena',
    clientLastName: patient.lastName,
    clientEmail: patient.email,
    clientPhoneCountry: 'DE',
    clientPhone: '+4915112345678',
    clientStreet: patient.street,
    clientPostalCode: patient.postalCode,
    clientCity: patient.city,
    insuranceType: 'privately',
    issue: 'Erstgespräch für mich; die E-Mail-Adresse teile ich mit meiner Familie.',
  });
}

/**
 * Early in the week no session has ended yet, and a session is billable only once it has: the billable state is then
 * shown by two sessions of the Friday before.
 */
async function ensureBillableExamples(
  tx: Tx,
  owner: { customerId: number; therapistId: number; typeId: number; patientIds: number[] },
  monday: Date,
  now: Date,
): Promise<void> {
  const rows = await tx
    .select({ state: appointments.state })
    .from(appointments)
    .where(and(eq(appointments.therapistId, owner.therapistId), gte(appointments.startsAt, monday)));
  if (rows.some((row) => row.state === 'billable')) return;
  const friday = addPracticeDays(monday, -3);
  for (const [index, hour] of [14, 15].entries()) {
    const patientId = owner.patientIds[index] ?? owner.patientIds[0];
    if (patientId === undefined) return;
    const slot: Slot = { start: atPracticeTime(friday, hour), minutes: 50, typeId: owner.typeId, location: 'onSite' };
    if (slot.start.getTime() + slot.minutes * MINUTE_MS > now.getTime()) return;
    await book(tx, owner.customerId, owner.therapistId, slot, patientId, 'billable');
  }
}

/** Free slots for the other demo therapists: mornings next week and this week's Friday. */
async function seedFreeSlotsOfColleagues(tx: Tx, monday: Date): Promise<void> {
  for (const email of ['inhaber@example.org', 'drs@example.org', 'coach@example.org']) {
    const userId = await findUserId(tx, email);
    const customerId = userId === undefined ? undefined : await practiceOf(tx, userId);
    if (userId === undefined || customerId === undefined) continue;
    await ensureDefaultAppointmentType(tx, customerId, userId);
    const [type] = await tx
      .select()
      .from(appointmentTypes)
      .where(and(eq(appointmentTypes.customerId, customerId), eq(appointmentTypes.userId, userId)));
    if (!type) continue;
    for (const offset of [4, 7, 8, 9, 10, 11]) {
      for (const hour of [9, 11]) {
        const slot: Slot = {
          start: atPracticeTime(addPracticeDays(monday, offset), hour),
          minutes: type.durationMinutes,
          typeId: type.id,
          location: type.location === 'remote' ? 'remote' : 'onSite',
        };
        await tx.insert(appointments).values(slotValues(customerId, userId, slot));
      }
    }
  }
}
