import { Role } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityTokens, sessions } from '../../src/db/schema.js';
import { removeExpiredCredentials } from '../../src/modules/auth/housekeeping.js';
import { issueToken } from '../../src/modules/auth/tokens.repo.js';
import { call, createTestApp, createUser, signIn, type TestApp } from '../test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('housekeeping', () => {
  it('removes ended sessions and expired tokens, and keeps live ones', async () => {
    const active = await createUser(t.database, { roles: Role.THERAPIST });
    const idle = await createUser(t.database, { roles: Role.THERAPIST });
    const activeCookie = await signIn(t.app, active.email);
    await signIn(t.app, idle.email);
    await t.database.db
      .update(sessions)
      .set({ idleExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, idle.id));
    await issueToken(t.database.db, 'passwordReset', idle.id, -1000);
    await issueToken(t.database.db, 'passwordReset', active.id, 60_000);

    await removeExpiredCredentials(t.database.db);

    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, idle.id))).toHaveLength(0);
    expect((await call(t.app, activeCookie, { method: 'GET', url: '/api/user/current' })).statusCode).toBe(200);
    expect(await t.database.db.select().from(securityTokens).where(eq(securityTokens.userId, idle.id))).toHaveLength(0);
    expect(await t.database.db.select().from(securityTokens).where(eq(securityTokens.userId, active.id))).toHaveLength(
      1,
    );
  });
});
