import { type InvoiceListItem, Role } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { appointmentFees, appointments, customers, invoices, patients, users } from '../src/db/schema.js';
import { api, bookingInput, type CalendarPractice, calendarPractice, createSlot } from './calendar-fixtures.js';
import { createUser, signIn, type TestApp } from './test-app.js';

/** A calendar practice (see calendarPractice) plus a platform admin, for the invoice tests. */
/**
 * A practice that bills: with the tax number its invoices must show above 250 € (§14 Abs. 4 Nr. 2 UStG), and a
 * platform admin.
 */
export async function invoicePractice(t: TestApp) {
  const team = await calendarPractice(t);
  await t.database.db
    .update(customers)
    .set({ taxNumber: '27/123/45678', showTaxNumber: true })
    .where(eq(customers.id, team.id));
  const admin = await createUser(t.database, { roles: Role.ADMIN });
  return { ...team, admin: { ...admin, cookie: await signIn(t.app, admin.email) } };
}
export type InvoicePractice = Awaited<ReturnType<typeof invoicePractice>>;

export type FeeInput =
  | { code: string; rate: string; alternativeTitle?: string; justification?: string }
  | { coachingTitle: string; coachingAmount: string; tax: 'add' | 'notax' };

let dayCounter = 0;
/** A fresh day in the past (invoicing without a selection takes appointments that have begun), 'YYYY-MM-DD'. */
export function pastDay(): string {
  return new Date(Date.UTC(2024, 0, 1 + dayCounter++)).toISOString().slice(0, 10);
}

/**
 * A booked appointment with fee entries, through the API as the calendar makes them: the slot, the booking (a new
 * patient unless clientId is given) and each fee entry.
 */
export async function invoiceableAppointment(
  t: TestApp,
  cookie: string,
  options: {
    day?: string;
    time?: string;
    fees?: FeeInput[];
    clientId?: number;
    booking?: Record<string, unknown>;
  } = {},
) {
  const day = options.day ?? pastDay();
  const time = options.time ?? '09:00';
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const end = `${String(hour).padStart(2, '0')}:${String(minute + 50).padStart(2, '0')}`;
  const slot = await createSlot(t, cookie, { appointmentStart: `${day} ${time}`, appointmentEnd: `${day} ${end}` });
  const booking = options.clientId
    ? { clientId: options.clientId, ...options.booking }
    : { ...bookingInput(), ...options.booking };
  const booked = await api(t, cookie, 'PATCH', `/appointment/${slot.id}/book`, { ...booking, sendEmails: false });
  expect(booked.statusCode, booked.body).toBe(200);
  for (const fee of options.fees ?? [{ code: '870', rate: '2,3' }]) {
    const payload =
      'code' in fee
        ? {
            appointmentId: slot.id,
            medicalFeeScheduleCodeValue: fee.code,
            incrementalRate: fee.rate,
            medicalFeeScheduleAlternativeTitle: fee.alternativeTitle,
            justification: fee.justification,
          }
        : {
            appointmentId: slot.id,
            coachingTitle: fee.coachingTitle,
            coachingAmount: fee.coachingAmount,
            coachingAmountAddTax: fee.tax,
          };
    const added = await api(t, cookie, 'POST', '/appointment/medical-fee-appointment', payload);
    expect(added.statusCode, added.body).toBe(201);
  }
  const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, slot.id));
  if (!row?.clientId) throw new Error('booked appointment without client');
  return { id: slot.id, clientId: row.clientId, therapistId: row.therapistId, day };
}

/** POST /invoice and the created rows' ids; fails the test on anything but 201. */
export async function issue(t: TestApp, cookie: string, payload: Record<string, unknown>) {
  const response = await api(t, cookie, 'POST', '/invoice', payload);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { list: InvoiceListItem[] }).list;
}

/** One invoice of a fresh appointment (100,55 € at 2,3 × GOÄ 870), issued by the caller. */
export async function issueOne(t: TestApp, cookie: string): Promise<InvoiceListItem> {
  const appointment = await invoiceableAppointment(t, cookie);
  const [invoice] = await issue(t, cookie, { appointmentIds: [appointment.id] });
  if (!invoice) throw new Error('no invoice');
  return invoice;
}

export async function invoiceRow(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, id));
  if (!row) throw new Error(`invoice ${id} missing`);
  return row;
}

export async function appointmentState(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, id));
  return row?.state;
}

export const setPractice = (t: TestApp, team: CalendarPractice, values: Partial<typeof customers.$inferInsert>) =>
  t.database.db.update(customers).set(values).where(eq(customers.id, team.id));

export const setUser = (t: TestApp, id: number, values: Partial<typeof users.$inferInsert>) =>
  t.database.db.update(users).set(values).where(eq(users.id, id));

export const setPatient = (t: TestApp, id: number, values: Partial<typeof patients.$inferInsert>) =>
  t.database.db.update(patients).set(values).where(eq(patients.userId, id));

/** Sets a fee entry's factor directly (the fee form refuses a factor above the maximum; an old entry may hold one). */
export const setFeeRate = (t: TestApp, appointmentId: number, rate: string) =>
  t.database.db
    .update(appointmentFees)
    .set({ incrementalRate: rate })
    .where(eq(appointmentFees.appointmentId, appointmentId));
