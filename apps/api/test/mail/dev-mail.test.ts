import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
beforeAll(async () => {
  // Behind a trusted proxy request.ip comes from X-Forwarded-For; the outbox must not believe it.
  t = await createTestApp({ config: { trustProxy: 1 } });
});
afterAll(() => t.close());

const outbox = (remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/dev/mail', remoteAddress, headers });

describe('the development outbox is for this machine only', () => {
  it('answers loopback callers, IPv4 and IPv6', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const response = await outbox(address);
      expect(response.statusCode, address).toBe(200);
      expect(response.json()).toHaveProperty('list');
    }
  });

  it('answers any other caller as an unknown path, even one naming loopback in X-Forwarded-For', async () => {
    const unknownPath = await t.app.inject({ method: 'GET', url: '/api/no-such-page', remoteAddress: '203.0.113.9' });
    for (const response of [
      await outbox('203.0.113.9'),
      await outbox('203.0.113.9', { 'x-forwarded-for': '127.0.0.1' }),
      await outbox('10.0.0.5', { 'x-forwarded-for': '127.0.0.1, 127.0.0.1' }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe(unknownPath.json().detail.replace('/api/no-such-page', '/api/dev/mail'));
    }
  });

  it('answers only a Host naming this machine or PUBLIC_URL, so a rebound name of another site reads nothing', async () => {
    for (const url of ['/api/dev/mail', '/api/dev/sms']) {
      const page = (host: string) =>
        t.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers: { host } });
      for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'praxia.test', 'LOCALHOST']) {
        expect((await page(host)).statusCode, `${url} ${host}`).toBe(200);
      }
      for (const host of ['attacker.example:3000', 'localhost.attacker.example', '127.0.0.1.nip.io', 'bad host']) {
        const response = await page(host);
        expect(response.statusCode, `${url} ${host}`).toBe(404);
        expect(response.json()).not.toHaveProperty('list');
      }
    }
  });
});
