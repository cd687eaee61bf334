import { and, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../src/db/schema.js';
import { isListedInSearch } from '../../src/modules/customers/customers.repo.js';
import { createPractice, createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('search visibility of practices', () => {
  it('hides practices in their trial, deactivated or cancelled ones; shows paid active ones', async () => {
    const paid = await createPractice(t.database);
    const trial = await createPractice(t.database, { trialExpiresAt: new Date(Date.now() + 86_400_000) });
    const expired = await createPractice(t.database, { trialExpiresAt: new Date(Date.now() - 1000) });
    const deactivated = await createPractice(t.database, { deactivated: true });
    const canceled = await createPractice(t.database, { status: 'canceled' });
    const ids = [paid, trial, expired, deactivated, canceled];
    const rows = await t.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(and(inArray(customers.id, ids), isListedInSearch));
    expect(rows.map((row) => row.id)).toEqual([paid]);
  });
});
