import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../src/db/schema.js';
import { api, type CalendarPractice, calendarPractice, createSlot, freshDay } from '../calendar-fixtures.js';
import { createPatient } from '../patient-factory.js';
import { createTestApp, signIn, type TestApp } from '../test-app.js';

let t: TestApp;
let team: CalendarPractice;
let other: CalendarPractice;
let patient: { id: number; cookie: string };
let neighbour: { id: number; cookie: string };

const MINUTE_MS = 60_000;
let nextSoon = 0;
/** Times a few minutes ahead, each pair its own (a calendar refuses overlaps), within the room's opening. */
function soon() {
  const start = Date.now() + (2 + 3 * nextSoon++) * MINUTE_MS;
  return { startsAt: new Date(start), endsAt: new Date(start + 2 * MINUTE_MS) };
}

beforeAll(async () => {
  t = await createTestApp();
  team = await calendarPractice(t);
  other = await calendarPractice(t);
  const account = async () => {
    const created = await createPatient(t, { practiceId: team.id, therapistId: team.therapist.id, withAccount: true });
    return { id: created.id, cookie: await signIn(t.app, created.email) };
  };
  patient = await account();
  neighbour = await account();
});
afterAll(() => t.close());

const row = async (id: number) => {
  const [found] = await t.database.db.select().from(appointments).where(eq(appointments.id, id));
  if (!found) throw new Error(`appointment ${id} missing`);
  return found;
};

/** A slot of a therapist booked for a client, on a fresh future day unless moved; location and times as given. */
async function booked(
  cookie: string,
  clientId: number,
  values: Partial<typeof appointments.$inferInsert> = {},
): Promise<number> {
  const day = freshDay();
  const slot = await createSlot(t, cookie, { appointmentStart: `${day} 10:00`, appointmentEnd: `${day} 10:50` });
  await t.database.db
    .update(appointments)
    .set({ state: 'taken', clientId, clientFirstName: 'Max', clientLastName: 'Patient', location: 'onSite', ...values })
    .where(eq(appointments.id, slot.id));
  return slot.id;
}

const listOwn = async (cookie: string) => {
  const response = await api(t, cookie, 'GET', '/patient/appointments');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { list: { id: number; mayCancel: boolean; isVideoOpen: boolean }[] }).list;
};

describe('GET /patient/appointments', () => {
  it('lists only the signed-in patient’s own appointments that have not ended, with therapist and actions', async () => {
    const mine = await booked(team.therapist.cookie, patient.id);
    const ended = await booked(team.therapist.cookie, patient.id, {
      startsAt: new Date(Date.now() - 120 * MINUTE_MS),
      endsAt: new Date(Date.now() - 70 * MINUTE_MS),
    });
    const running = await booked(team.therapist.cookie, patient.id, {
      startsAt: new Date(Date.now() - 10 * MINUTE_MS),
      endsAt: new Date(Date.now() + 40 * MINUTE_MS),
    });
    const neighbours = await booked(team.therapist.cookie, neighbour.id);
    // The same person id on another practice's calendar is not this patient's appointment here.
    const foreign = await booked(other.therapist.cookie, patient.id);

    const list = await listOwn(patient.cookie);
    const ids = list.map((entry) => entry.id);
    expect(ids).toContain(mine);
    expect(ids).toContain(running);
    expect(ids).not.toContain(ended);
    expect(ids).not.toContain(neighbours);
    expect(ids).not.toContain(foreign);
    expect(list.find((entry) => entry.id === mine)).toMatchObject({
      mayCancel: true,
      isVideoOpen: false,
      location: 'onSite',
      therapistName: expect.stringMatching(/\S/),
      appointmentStart: expect.stringMatching(/^\d{4}-\d\d-\d\dT10:00:00\+0[12]:00$/),
    });
    // Begun: no longer to be cancelled.
    expect(list.find((entry) => entry.id === running)?.mayCancel).toBe(false);
  });

  it('is the patient’s alone: staff are refused', async () => {
    expect((await api(t, team.therapist.cookie, 'GET', '/patient/appointments')).statusCode).toBe(403);
    expect((await api(t, team.assistant.cookie, 'GET', '/patient/appointments')).statusCode).toBe(403);
  });
});

describe('PATCH /patient/appointments/{id}/cancel', () => {
  it('frees the patient’s own booked appointment, as the cancel link does', async () => {
    const id = await booked(team.therapist.cookie, patient.id);
    const response = await api(t, patient.cookie, 'PATCH', `/patient/appointments/${id}/cancel`);
    expect(response.statusCode, response.body).toBe(204);
    expect(await row(id)).toMatchObject({ state: 'available', clientId: null, clientLastName: null });
    expect((await listOwn(patient.cookie)).map((entry) => entry.id)).not.toContain(id);
  });

  it('answers 404 for someone else’s, another practice’s, a begun or a billed appointment, and changes nothing', async () => {
    const neighbours = await booked(team.therapist.cookie, neighbour.id);
    const foreign = await booked(other.therapist.cookie, patient.id);
    const begun = await booked(team.otherTherapist.cookie, patient.id, {
      startsAt: new Date(Date.now() - 10 * MINUTE_MS),
      endsAt: new Date(Date.now() + 40 * MINUTE_MS),
    });
    const billed = await booked(team.therapist.cookie, patient.id, { state: 'billed' });
    for (const id of [neighbours, foreign, begun, billed]) {
      const response = await api(t, patient.cookie, 'PATCH', `/patient/appointments/${id}/cancel`);
      expect(response.statusCode, `${id}: ${response.body}`).toBe(404);
      expect((await row(id)).clientId).not.toBeNull();
    }
    const missing = await api(t, patient.cookie, 'PATCH', '/patient/appointments/2000000000/cancel');
    expect(missing.statusCode).toBe(404);
    expect(
      (await api(t, team.therapist.cookie, 'PATCH', `/patient/appointments/${neighbours}/cancel`)).statusCode,
    ).toBe(403);
  });
});

describe('POST /patient/appointments/{id}/video-link', () => {
  it('gives the patient a link into the room of their own online appointment while it is open', async () => {
    const inRoom = await booked(team.treatingOwner.cookie, patient.id, {
      location: 'remote',
      ...soon(),
    });
    expect((await listOwn(patient.cookie)).find((entry) => entry.id === inRoom)?.isVideoOpen).toBe(true);
    const response = await api(t, patient.cookie, 'POST', `/patient/appointments/${inRoom}/video-link`);
    expect(response.statusCode, response.body).toBe(200);
    const { url } = response.json() as { url: string };
    expect(url).toMatch(/\/video\/[\w-]{20,}$/);
    // The link opens the patient's side of the room.
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/video/session',
      payload: { token: url.split('/').pop() },
    });
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json()).toMatchObject({ role: 'patient' });
  });

  it('answers 404 before the room opens, on site, and for anyone else’s appointment', async () => {
    const later = await booked(team.therapist.cookie, patient.id, { location: 'remote' });
    const onSite = await booked(team.treatingOwner.cookie, patient.id, soon());
    const neighbours = await booked(team.treatingOwner.cookie, neighbour.id, {
      location: 'remote',
      ...soon(),
    });
    const foreign = await booked(other.therapist.cookie, patient.id, {
      location: 'remote',
      ...soon(),
    });
    for (const id of [later, onSite, neighbours, foreign]) {
      const response = await api(t, patient.cookie, 'POST', `/patient/appointments/${id}/video-link`);
      expect(response.statusCode, `${id}: ${response.body}`).toBe(404);
    }
  });
});
