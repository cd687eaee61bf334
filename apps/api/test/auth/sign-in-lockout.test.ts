import { Role } from '@praxia/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, PASSWORD, type TestApp } from '../test-app.js';

let t: TestApp;
beforeAll(async () => {
  // The real limits, unscaled.
  t = await createTestApp({ rateLimitScale: 1 });
});
afterAll(() => t.close());

const signInFrom = (remoteAddress: string, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/login/credentials', remoteAddress, payload: { email, password } });

/** Fails the account's sign-in from one address until the account limit answers. */
async function hammer(remoteAddress: string, email: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 11; attempt++) {
    statuses.push((await signInFrom(remoteAddress, email, 'Falsch-Passwort-1!')).statusCode);
  }
  return statuses;
}

describe('wrong-password lock-out', () => {
  it('an attacker from one address uses up only their own budget: the owner still signs in from elsewhere', async () => {
    const victim = await createUser(t.database, { roles: Role.THERAPIST });
    const statuses = await hammer('198.51.100.1', victim.email);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Even the right password is refused from the attacker's address now …
    expect((await signInFrom('198.51.100.1', victim.email, PASSWORD)).statusCode).toBe(429);
    // … but not from the owner's.
    expect((await signInFrom('192.0.2.44', victim.email, PASSWORD)).statusCode).toBe(200);
  });

  it('addresses of one IPv6 /64 share one budget', async () => {
    const victim = await createUser(t.database, { roles: Role.THERAPIST });
    for (let attempt = 0; attempt < 10; attempt++) {
      const address = `2001:db8:5:6::${attempt + 1}`;
      expect((await signInFrom(address, victim.email, 'Falsch-Passwort-1!')).statusCode).toBe(401);
    }
    expect((await signInFrom('2001:db8:5:6::99', victim.email, PASSWORD)).statusCode).toBe(429);
    expect((await signInFrom('2001:db8:7:8::1', victim.email, PASSWORD)).statusCode).toBe(200);
  });
});
