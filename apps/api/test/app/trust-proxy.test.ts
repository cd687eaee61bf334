import { Role } from '@praxia/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, PASSWORD, type TestApp } from '../test-app.js';

let t: TestApp;
beforeAll(async () => {
  // One reverse proxy in front (TRUST_PROXY=1), real limits.
  t = await createTestApp({ rateLimitScale: 1, config: { trustProxy: 1 } });
});
afterAll(() => t.close());

const PROXY = '10.0.0.1';

/** What the proxy forwards: the chain the client sent, with the client's real address appended. */
const signInThroughProxy = (forwardedFor: string, email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/login/credentials',
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email, password },
  });

describe('TRUST_PROXY=1', () => {
  it('a client cannot choose the address the rate limiter sees by writing X-Forwarded-For', async () => {
    const user = await createUser(t.database, { roles: Role.THERAPIST });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      // A fresh forged address every time; the proxy appends the real one.
      const response = await signInThroughProxy(`192.0.2.${attempt}, 203.0.113.7`, user.email, 'Falsch-Passwort-1!');
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    // The right-most hop the proxy added is the client: another real client is served.
    expect((await signInThroughProxy('203.0.113.7, 203.0.113.8', user.email, PASSWORD)).statusCode).toBe(200);
  });
});
