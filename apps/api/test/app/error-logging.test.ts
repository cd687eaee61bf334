import { Writable } from 'node:stream';
import { Role } from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { readConfig } from '../../src/config.js';
import { insertUser } from '../../src/modules/users/users.repo.js';
import { actAsSameOriginPage, createTestApp, createUser, type TestApp } from '../test-app.js';

let t: TestApp;
let app: FastifyInstance;
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({
    config: { ...readConfig({}), seedDemo: false, logLevel: 'info' },
    database: t.database,
    serveWeb: false,
    logger: { stream },
  });
  // A real statement through the real repository that the database refuses: a second user with a taken address.
  app.post('/api/probe/duplicate-user', { config: { access: 'public' } }, async (request) => {
    const { email } = request.body as { email: string };
    return insertUser(t.database.db, {
      email,
      passwordHash: 'argon2-hash-not-for-logs',
      firstName: 'Erika',
      lastName: 'Geheim',
    });
  });
  actAsSameOriginPage(app);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('logged errors', () => {
  it('a database error is logged with its kind and constraint, without the statement parameters', async () => {
    const existing = await createUser(t.database, { roles: Role.THERAPIST });
    const response = await app.inject({
      method: 'POST',
      url: '/api/probe/duplicate-user',
      payload: { email: existing.email },
    });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain(existing.email);

    const logged = logLines.join('\n');
    const entry = logLines.map((line) => JSON.parse(line)).find((line) => line.msg === 'unhandled error');
    expect(entry?.err).toMatchObject({
      type: 'DrizzleQueryError',
      cause: { code: '23505', constraint: 'users_account_email_unique' },
    });
    for (const secret of [existing.email, 'argon2-hash-not-for-logs', 'Geheim']) expect(logged).not.toContain(secret);
  });
});
