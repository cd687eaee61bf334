import { Role } from '@praxia/shared';
import type { InjectOptions } from 'fastify';
import { appointmentTypes } from '../src/db/schema.js';
import { ensureDefaultAppointmentType } from '../src/modules/appointment-types/appointment-types.service.js';
import { type Member, practiceWithTeam } from './patient-fixtures.js';
import { call, createUser, signIn, type TestApp } from './test-app.js';

/**
 * A practice for calendar tests: the team of the patient tests (owner without treating role, two therapists, an
 * assistant, a patient account), plus a practice owner who treats and a DRS therapist, each therapist with the
 * default appointment type.
 */
export async function calendarPractice(t: TestApp) {
  const team = await practiceWithTeam(t);
  const member = async (roles: number): Promise<Member> => {
    const user = await createUser(t.database, { roles, practiceId: team.id });
    return { ...user, cookie: await signIn(t.app, user.email) };
  };
  const treatingOwner = await member(Role.THERAPIST | Role.CUSTOMER_ADMIN);
  const drs = await member(Role.THERAPIST_DRS);
  for (const therapist of [team.therapist, team.otherTherapist, treatingOwner, drs]) {
    await ensureDefaultAppointmentType(t.database.db, team.id, therapist.id);
  }
  return { ...team, treatingOwner, drs };
}
export type CalendarPractice = Awaited<ReturnType<typeof calendarPractice>>;

/** The id of a therapist's default type. */
export async function defaultTypeId(t: TestApp, therapistId: number): Promise<number> {
  const rows = await t.database.db.select().from(appointmentTypes);
  const row = rows.find((type) => type.userId === therapistId);
  if (!row) throw new Error(`no type of ${therapistId}`);
  return row.id;
}

export const api = (t: TestApp, cookie: string, method: InjectOptions['method'], url: string, payload?: unknown) =>
  call(t.app, cookie, { method, url: `/api${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });

let nextDay = 0;
/** A fresh future day for each caller (no test's appointments collide with another's), as 'YYYY-MM-DD'. */
export function freshDay(): string {
  const day = new Date(Date.UTC(2031, 0, 6 + nextDay++));
  return day.toISOString().slice(0, 10);
}

/** Creates a free slot through the API (fails the test on anything but 201). */
export async function createSlot(t: TestApp, cookie: string, payload: Record<string, unknown>) {
  const response = await api(t, cookie, 'POST', '/appointment', payload);
  if (response.statusCode !== 201) throw new Error(`slot create ${response.statusCode}: ${response.body}`);
  return response.json() as { id: number; seriesId: string | null; state: string; therapistId: number };
}

export const bookingInput = (overrides: Record<string, unknown> = {}) => ({
  salutation: 'Frau',
  firstName: 'Paula',
  lastName: `Probe-${Math.random().toString(36).slice(2, 6)}`,
  email: `paula-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.org`,
  street: 'Gartenweg 4',
  postalCode: '10115',
  city: 'Berlin',
  ...overrides,
});
