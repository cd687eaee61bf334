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
});
