import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import { loadPostalCodes } from '../../src/db/postal-codes.js';
import { createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('postal code points', () => {
  it('holds one point per postal code from the GeoNames file, 10115 in Berlin', async () => {
    const [count] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM postal_codes`);
    expect(count?.n).toBe(10_814);
    const [berlin] = await queryRows<{ place: string; latitude: number; longitude: number }>(
      t.database.db,
      sql`SELECT place, latitude, longitude FROM postal_codes WHERE postal_code = '10115'`,
    );
    expect(berlin?.place).toBe('Berlin');
    expect(berlin?.latitude).toBeCloseTo(52.5323, 3);
    expect(berlin?.longitude).toBeCloseTo(13.3846, 3);
    // Leading zeros stay: Dresden.
    const [dresden] = await queryRows<{ place: string }>(
      t.database.db,
      sql`SELECT place FROM postal_codes WHERE postal_code = '01067'`,
    );
    expect(dresden?.place).toBe('Dresden');
  });

  it('names a code by its town when its first row is a district of it: 20095 is Hamburg, not Hamburg Altstadt', async () => {
    const rows = await queryRows<{ postal_code: string; place: string }>(
      t.database.db,
      sql`SELECT postal_code, place FROM postal_codes WHERE postal_code IN ('20095', '22761', '80331') ORDER BY 1`,
    );
    expect(rows).toEqual([
      { postal_code: '20095', place: 'Hamburg' },
      { postal_code: '22761', place: 'Hamburg' },
      { postal_code: '80331', place: 'München' },
    ]);
  });

  it('loads only once: a second run leaves the table as it is', async () => {
    await loadPostalCodes(t.database.db);
    const [count] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM postal_codes`);
    expect(count?.n).toBe(10_814);
  });

  it('measures Berlin to Munich at about 504 km through the GiST-indexed earth points', async () => {
    const [row] = await queryRows<{ km: number }>(
      t.database.db,
      sql`SELECT earth_distance(ll_to_earth(a.latitude, a.longitude), ll_to_earth(b.latitude, b.longitude)) / 1000 AS km
          FROM postal_codes a, postal_codes b WHERE a.postal_code = '10115' AND b.postal_code = '80331'`,
    );
    expect(Number(row?.km)).toBeGreaterThan(490);
    expect(Number(row?.km)).toBeLessThan(515);
  });
});
