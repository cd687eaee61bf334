import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.js';
import { newDevice } from './passkey-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  // The real limits, unscaled.
  t = await createTestApp({ rateLimitScale: 1 });
});
afterAll(() => t.close());

const from = (remoteAddress: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, remoteAddress, payload });

describe('passkey sign-in rate limits', () => {
  it('allows 20 challenges a minute per network, like the password step', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt++) {
      statuses.push((await from('198.51.100.7', '/api/user/login/passkey/options', {})).statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect((await from('192.0.2.8', '/api/user/login/passkey/options', {})).statusCode).toBe(200);
  });

  it('allows 20 answers a minute per network', async () => {
    const device = newDevice();
    device.register({ challenge: 'eA', rp: { id: 'praxia.test' }, user: { id: 'eA' } });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt++) {
      const answer = device.authenticate({ challenge: 'bm90LWhhbmRlZC1vdXQ' });
      statuses.push((await from('198.51.100.9', '/api/user/login/passkey', { response: answer })).statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 422)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
