import { Role, type TherapistSearch } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, userCustomers, users } from '../../src/db/schema.js';
import { countListedPairs } from '../../src/modules/booking/therapist-search.repo.js';
import { createPractice, createTestApp, createUser, type TestApp } from '../test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Far south, away from the codes other test files use (they may share one PostgreSQL database).
const KONSTANZ = '78462';
// Föhr: far from every other test file's postal codes, so a shared PostgreSQL database mixes in no rows here.
const FOEHR = '25938';

async function searchList(query: string): Promise<TherapistSearch> {
  const response = await t.app.inject({ method: 'GET', url: `/api/user/searchPostalCode?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TherapistSearch;
}

/**
 * maxItems is the cached total; it must equal a fresh count right after a change. On a shared PostgreSQL database
 * another test file may change the listing between the two reads, so a mismatch is asked again a few times; a stale
 * cache stays wrong every time.
 */
async function expectExactTotal(change: string) {
  let answered = -1;
  let counted = -2;
  for (let attempt = 0; attempt < 5 && answered !== counted; attempt += 1) {
    answered = (await searchList(`postalCode=${KONSTANZ}&limit=1`)).maxItems;
    counted = (await countListedPairs(t.database.db)).count;
  }
  expect(answered, change).toBe(counted);
}

describe('GET /user/searchPostalCode total (maxItems)', () => {
  it('follows every change that lists or unlists a therapist', async () => {
    await expectExactTotal('start');
    const practiceId = await createPractice(t.database, { postalCode: KONSTANZ });
    const therapist = await createUser(t.database, { roles: Role.THERAPIST, practiceId });
    await expectExactTotal('therapist assigned');
    const setAssignment = (deactivated: boolean) =>
      t.database.db.update(userCustomers).set({ deactivated }).where(eq(userCustomers.userId, therapist.id));
    await setAssignment(true);
    await expectExactTotal('assignment deactivated');
    await setAssignment(false);
    await expectExactTotal('assignment reactivated');

    const setUser = (values: Partial<typeof users.$inferInsert>) =>
      t.database.db.update(users).set(values).where(eq(users.id, therapist.id));
    for (const [change, values, undo] of [
      ['therapist deactivated', { deactivated: true }, { deactivated: false }],
      ['therapist deleted', { deleted: true }, { deleted: false }],
      ['therapist became a secretary', { roles: Role.SECRETARY }, { roles: Role.THERAPIST }],
    ] as const) {
      await setUser(values);
      await expectExactTotal(change);
      await setUser(undo);
      await expectExactTotal(`${change}, undone`);
    }

    const setPractice = (values: Partial<typeof customers.$inferInsert>) =>
      t.database.db.update(customers).set(values).where(eq(customers.id, practiceId));
    for (const [change, values, undo] of [
      ['practice in trial', { trialExpiresAt: new Date(Date.now() + 86_400_000) }, { trialExpiresAt: null }],
      ['practice cancelled', { status: 'canceled' }, { status: 'active' }],
      ['practice deactivated', { deactivated: true }, { deactivated: false }],
      ['practice deleted', { deletedAt: new Date() }, { deletedAt: null }],
      ['practice without a postal code', { postalCode: null }, { postalCode: KONSTANZ }],
    ] as const) {
      await setPractice(values);
      await expectExactTotal(change);
      await setPractice(undo);
      await expectExactTotal(`${change}, undone`);
    }

    await createUser(t.database, { roles: Role.REGISTERED, practiceId });
    await expectExactTotal('patient assigned');
    await t.database.db.delete(users).where(eq(users.id, therapist.id));
    await expectExactTotal('therapist removed for good');
  });

  it('pages through therapists at one place by id, also where a page ends among them', async () => {
    const practiceId = await createPractice(t.database, { postalCode: FOEHR });
    const ids: number[] = [];
    for (let n = 0; n < 5; n += 1) ids.push((await createUser(t.database, { roles: Role.THERAPIST, practiceId })).id);
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(...(await searchList(`postalCode=${FOEHR}&limit=2&page=${page}`)).list);
    expect(pages.slice(0, 5).map((row) => row.user.id)).toEqual(ids.sort((a, b) => a - b));
    expect(pages.slice(0, 5).every((row) => row.distance === 0)).toBe(true);
  });
});
