import { Role, type TherapistSearch, therapistSearchSchema } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, appointmentTypes, userCustomers, users } from '../../src/db/schema.js';
import { createPractice, createTestApp, createUser, type TestApp } from '../test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
// Far north, away from the 10115 that other tests' practices use when they share a PostgreSQL database.
const SYLT = '25980';
const NIEBUELL = '25899';
const FLENSBURG = '24937';

async function therapistAt(postalCode: string, practice: Parameters<typeof createPractice>[1] = {}) {
  const practiceId = await createPractice(t.database, { postalCode, ...practice });
  const therapist = await createUser(t.database, { roles: Role.THERAPIST, practiceId });
  return { practiceId, therapistId: therapist.id };
}

async function search(query: string) {
  return t.app.inject({ method: 'GET', url: `/api/user/searchPostalCode?${query}` });
}

async function searchList(query: string): Promise<TherapistSearch> {
  const response = await search(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TherapistSearch;
}

describe('GET /user/searchPostalCode', () => {
  let flensburg: { practiceId: number; therapistId: number };
  let sylt: { practiceId: number; therapistId: number };
  let niebuell: { practiceId: number; therapistId: number };

  beforeAll(async () => {
    // Created out of order, so that the order of the answer comes from the distance.
    flensburg = await therapistAt(FLENSBURG);
    sylt = await therapistAt(SYLT);
    niebuell = await therapistAt(NIEBUELL);
  });

  it('lists therapists nearest first, with the distance in km', async () => {
    const result = await searchList(`postalCode=${SYLT}`);
    // Only this file's three: on PostgreSQL other files' practices (Föhr, for one) share the database and the map.
    const mine = new Set([sylt.therapistId, niebuell.therapistId, flensburg.therapistId]);
    const ours = result.list.filter((row) => mine.has(row.user.id));
    expect(ours.map((row) => row.user.id)).toEqual([sylt.therapistId, niebuell.therapistId, flensburg.therapistId]);
    expect(ours.map((row) => row.customerId)).toEqual([sylt.practiceId, niebuell.practiceId, flensburg.practiceId]);
    expect(ours[0]?.distance).toBe(0);
    // Westerland to Niebüll about 30 km, to Flensburg about 60 km (one decimal).
    expect(ours[1]?.distance).toBeGreaterThan(20);
    expect(ours[1]?.distance).toBeLessThan(45);
    expect(ours[2]?.distance).toBeGreaterThan(45);
    expect(ours[2]?.distance).toBeLessThan(80);
    // One decimal near by; whole kilometres from 10 km, where a tenth would claim a precision postal codes lack.
    for (const row of ours) expect(Math.round(row.distance * 10)).toBe(row.distance * 10);
    for (const row of ours.filter((item) => item.distance >= 10)) expect(Number.isInteger(row.distance)).toBe(true);
    const distances = result.list.map((row) => row.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(result.limit).toBe(40);
    expect(result.pages).toBe(Math.ceil(result.maxItems / 40));
  });

  it('names the searched place, not the city of the nearest practice', async () => {
    const result = await searchList(`postalCode=${NIEBUELL}`);
    expect(result.place).toEqual({ postalCode: NIEBUELL, name: 'Bosbüll' });
    // The nearest practice's city field says something else (the factory's); the place is the searched code's.
    expect(result.list[0]?.user.practice.city).not.toBe('Bosbüll');
    expect((await searchList('postalCode=20095')).place).toEqual({ postalCode: '20095', name: 'Hamburg' });
  });

  it('does not list practices in their trial, deactivated or cancelled ones, nor inactive therapists', async () => {
    const hidden = [
      await therapistAt(SYLT, { trialExpiresAt: new Date(Date.now() + 86_400_000) }),
      await therapistAt(SYLT, { deactivated: true }),
      await therapistAt(SYLT, { status: 'canceled' }),
    ];
    const practiceId = await createPractice(t.database, { postalCode: SYLT });
    const deactivatedUser = await createUser(t.database, { roles: Role.THERAPIST, practiceId, deactivated: true });
    const deleted = await createUser(t.database, { roles: Role.THERAPIST, practiceId });
    await t.database.db.update(users).set({ deleted: true }).where(eq(users.id, deleted.id));
    const unassigned = await createUser(t.database, { roles: Role.THERAPIST, practiceId });
    await t.database.db.update(userCustomers).set({ deactivated: true }).where(eq(userCustomers.userId, unassigned.id));
    const secretary = await createUser(t.database, { roles: Role.SECRETARY, practiceId });
    const drs = await createUser(t.database, { roles: Role.THERAPIST_DRS, practiceId });

    const result = await searchList(`postalCode=${SYLT}&limit=100`);
    const ids = result.list.map((row) => row.user.id);
    for (const { therapistId } of hidden) expect(ids).not.toContain(therapistId);
    for (const { id } of [deactivatedUser, deleted, unassigned, secretary]) expect(ids).not.toContain(id);
    expect(ids).toContain(drs.id);
    expect(ids).toContain(sylt.therapistId);
  });

  it('answers only the public fields (every key walked against the allow-list)', async () => {
    await t.database.db
      .update(users)
      .set({ taxNumber: 'DE-SECRET-1', phone: '0301234', street: 'Privatweg 9', vita: '<p>geheim</p>' })
      .where(eq(users.id, sylt.therapistId));
    const response = await search(`postalCode=${SYLT}`);
    const allowed = {
      '': ['place', 'list', 'maxItems', 'limit', 'pages'],
      place: ['postalCode', 'name'],
      'list[]': ['distance', 'customerId', 'nextFreeAppointment', 'user'],
      'list[].nextFreeAppointment': ['id', 'startsAt', 'endsAt'],
      'list[].user': [
        'id',
        'title',
        'firstName',
        'lastName',
        'salutation',
        'jobTitleType',
        'jobTitleFreetext',
        'hasAvatar',
        'practice',
      ],
      'list[].user.practice': ['name', 'street', 'postalCode', 'city'],
    } as Record<string, string[]>;
    const seen: string[] = [];
    const walk = (value: unknown, path: string) => {
      if (Array.isArray(value)) {
        for (const item of value) walk(item, `${path}[]`);
        return;
      }
      if (value === null || typeof value !== 'object') return;
      for (const [key, child] of Object.entries(value)) {
        seen.push(`${path}.${key}`);
        expect(allowed[path], `no allow-list for ${path}`).toBeDefined();
        expect(allowed[path], `${path}.${key} is not public`).toContain(key);
        walk(child, path ? `${path}.${key}` : key);
      }
    };
    walk(response.json(), '');
    expect(seen).toContain('list[].user.practice.city');
    expect(response.body).not.toContain('DE-SECRET-1');
    expect(response.body).not.toContain('Privatweg');
    expect(response.body).not.toContain('@test.example.org');
    expect(therapistSearchSchema.safeParse(response.json()).success).toBe(true);
  });

  it('answers an unknown postal code with 404 and a stable code, a malformed one with 422', async () => {
    const unknown = await search('postalCode=00000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'error.postalCodeUnknown' });
    for (const bad of ['1011', '101150', 'abcde', '', '10 15']) {
      const response = await search(`postalCode=${encodeURIComponent(bad)}`);
      expect(response.statusCode, bad).toBe(422);
    }
    expect((await search('')).statusCode).toBe(422);
    expect((await search(`postalCode=${SYLT}&limit=0`)).statusCode).toBe(422);
    expect((await search(`postalCode=${SYLT}&limit=101`)).statusCode).toBe(422);
    expect((await search(`postalCode=${SYLT}&page=0`)).statusCode).toBe(422);
  });

  it('pages through the same order', async () => {
    const all = await searchList(`postalCode=${SYLT}&limit=4`);
    const first = await searchList(`postalCode=${SYLT}&limit=2&page=1`);
    const second = await searchList(`postalCode=${SYLT}&limit=2&page=2`);
    const key = (row: TherapistSearch['list'][number]) => `${row.user.id}/${row.customerId}`;
    expect([...first.list, ...second.list].map(key)).toEqual(all.list.map(key));
    expect(first.list).toHaveLength(2);
    expect(first.maxItems).toBe(all.maxItems);
    expect(first.pages).toBe(Math.ceil(first.maxItems / 2));
    const beyond = await searchList(`postalCode=${SYLT}&limit=2&page=${first.pages + 1}`);
    expect(beyond.list).toEqual([]);
    expect(beyond.maxItems).toBe(first.maxItems);
  });

  it('shows the next free appointment after now plus its type’s booking deadline', async () => {
    const { practiceId, therapistId } = await therapistAt('25996');
    const [type] = await t.database.db
      .insert(appointmentTypes)
      .values({
        customerId: practiceId,
        userId: therapistId,
        name: 'Erstgespräch',
        durationMinutes: 50,
        location: 'onSite',
        bookingDeadline: 'P1D',
      })
      .returning({ id: appointmentTypes.id });
    const slot = (hours: number, state: 'available' | 'taken' = 'available') => ({
      customerId: practiceId,
      therapistId,
      appointmentTypeId: type?.id,
      state,
      startsAt: new Date(Date.now() + hours * HOUR),
      endsAt: new Date(Date.now() + hours * HOUR + 50 * 60_000),
    });
    const inserted = await t.database.db
      .insert(appointments)
      .values([slot(-5), slot(3), slot(20, 'taken'), slot(30), slot(50)])
      .returning({ id: appointments.id, startsAt: appointments.startsAt });
    const result = await searchList('postalCode=25996&limit=100');
    const row = result.list.find((entry) => entry.user.id === therapistId);
    // The slot in 3 hours lies within the one-day deadline, the one in 20 hours is taken: the one in 30 hours.
    expect(row?.nextFreeAppointment?.id).toBe(inserted[3]?.id);
    expect(row?.nextFreeAppointment?.startsAt).toBe(inserted[3]?.startsAt.toISOString());

    const withoutSlot = result.list.find((entry) => entry.user.id === sylt.therapistId);
    expect(withoutSlot?.nextFreeAppointment).toBeNull();
  });

  it('is rate limited per network, like the other public calls', async () => {
    const strict = await createTestApp({ rateLimitScale: 1 });
    try {
      const ask = (remoteAddress: string) =>
        strict.app.inject({ method: 'GET', url: '/api/user/searchPostalCode?postalCode=00000', remoteAddress });
      const answers = [];
      for (let attempt = 0; attempt < 61; attempt++) answers.push((await ask('203.0.113.7')).statusCode);
      expect(answers.slice(0, 60).every((status) => status === 404)).toBe(true);
      expect(answers[60]).toBe(429);
      expect((await ask('198.51.100.9')).statusCode).toBe(404);
    } finally {
      await strict.close();
    }
  });
});
