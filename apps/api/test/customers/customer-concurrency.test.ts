import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Role } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../src/db/schema.js';
import { call, createPractice, createTestApp, createUser, signIn, type TestApp } from '../test-app.js';

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await signIn(t.app, (await createUser(t.database, { roles: Role.ADMIN })).email);
});
afterAll(() => t.close());

const patch = (id: number, payload: Record<string, unknown>) =>
  call(t.app, adminCookie, { method: 'PATCH', url: `/api/customer/${id}`, payload });

describe('concurrent edits of one practice', () => {
  it('never end with the tax number shown but missing (50 racing pairs)', async () => {
    for (let pair = 0; pair < 50; pair++) {
      const id = await createPractice(t.database, { taxNumber: '12/345/67890', showTaxNumber: false });
      const [clear, show] = await Promise.all([patch(id, { taxNumber: null }), patch(id, { showTaxNumber: true })]);
      expect([clear.statusCode, show.statusCode]).toEqual([200, 200]);
      const [row] = await t.database.db.select().from(customers).where(eq(customers.id, id));
      expect(row?.taxNumber ?? null).toBeNull();
      expect(row?.showTaxNumber, `pair ${pair}`).toBe(false);
    }
  });

  it('has the database refuse the inconsistent state itself (CHECK constraint)', async () => {
    const id = await createPractice(t.database);
    await expect(
      t.database.db.update(customers).set({ showTaxNumber: true, taxNumber: null }).where(eq(customers.id, id)),
    ).rejects.toThrow();
  });
});

describe('concurrent logo uploads', () => {
  const png = (shade: number) =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: { r: shade, g: 80, b: 160 } } })
      .png()
      .toBuffer();

  function upload(id: number, image: Buffer) {
    const boundary = '----praxia-concurrency';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="l.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      image,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return call(t.app, adminCookie, {
      method: 'PATCH',
      url: `/api/customer/${id}`,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  }

  it('leave exactly the one file the practice points at', async () => {
    const id = await createPractice(t.database);
    expect((await upload(id, await png(1))).statusCode).toBe(200);
    const responses = await Promise.all([2, 3, 4, 5, 6].map(async (shade) => upload(id, await png(shade))));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);

    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, id));
    const folder = join(t.app.ctx.config.dataDir, 'files', 'practices', String(id), 'logos');
    expect(readdirSync(folder).map((name) => `practices/${id}/logos/${name}`)).toEqual([row?.logoFilename]);
  });
});
