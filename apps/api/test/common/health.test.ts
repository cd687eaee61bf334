import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthChecks } from '../../src/db/schema.js';
import { createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const health = () => t.app.inject({ method: 'GET', url: '/api/health' });

describe('GET /api/health', () => {
  it('answers ok after writing its row', async () => {
    const before = new Date(Date.now() - 1_000);
    const response = await health();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    const [row] = await t.database.db.select().from(healthChecks);
    expect(row?.checkedAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
  });
});
