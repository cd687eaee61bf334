import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Role } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions, serverKeys } from '../../src/db/schema.js';
import { sendPushToUser } from '../../src/modules/push/push.service.js';
import { call, createPractice, createTestApp, createUser, signIn, type TestApp, type TestUser } from '../test-app.js';

let t: TestApp;
let user: TestUser;
let other: TestUser;
let cookie: string;
let pushService: Server;
let baseUrl: string;
const received: { path: string; headers: Record<string, unknown>; bytes: number }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const practice = await createPractice(t.database);
  user = await createUser(t.database, { roles: Role.THERAPIST, practiceId: practice });
  other = await createUser(t.database, { roles: Role.THERAPIST, practiceId: practice });
  cookie = await signIn(t.app, user.email);
  // A local push service: /gone/* answers 410 as a push service does for an expired subscription.
  pushService = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, bytes: Buffer.concat(chunks).length });
      response.statusCode = request.url?.startsWith('/gone/') ? 410 : 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => pushService.close(resolve));
});

/** What a browser's PushManager hands out: an endpoint plus the P-256 key and the auth secret. */
function browserSubscription(path: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `${baseUrl}${path}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

const subscribe = (payload: object, as = cookie) =>
  call(t.app, as, { method: 'POST', url: '/api/push-notification/subscription', payload });

describe('push notifications', () => {
  it('makes one VAPID key pair, keeps it in server_keys and hands out the public key', async () => {
    const first = await call(t.app, cookie, { method: 'GET', url: '/api/push-notification/public-key' });
    const second = await call(t.app, cookie, { method: 'GET', url: '/api/push-notification/public-key' });
    expect(first.statusCode).toBe(200);
    expect(first.json().publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(second.json().publicKey).toBe(first.json().publicKey);
    const [row] = await t.database.db.select().from(serverKeys).where(eq(serverKeys.name, 'vapidPublicKey'));
    expect(row?.value).toBe(first.json().publicKey);
  });

  it('stores a subscription (201), sends the test notification encrypted with VAPID, and removes it (204)', async () => {
    const subscription = browserSubscription('/push/a');
    expect((await subscribe(subscription)).statusCode).toBe(201);
    expect((await subscribe(subscription)).statusCode).toBe(201);
    const test = await call(t.app, cookie, { method: 'POST', url: '/api/push-notification/test' });
    expect(test.statusCode).toBe(200);
    expect(test.json()).toEqual({ sent: 1, failed: 0 });
    const delivered = received.find((item) => item.path === '/push/a');
    expect(delivered?.headers['content-encoding']).toBe('aes128gcm');
    expect(String(delivered?.headers.authorization)).toMatch(/^vapid t=.+, k=.+/);
    expect(delivered?.bytes).toBeGreaterThan(0);

    const removed = await call(t.app, cookie, {
      method: 'DELETE',
      url: `/api/push-notification/subscription/${user.id}`,
      payload: { endpoint: subscription.endpoint },
    });
    expect(removed.statusCode).toBe(204);
    const rows = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(rows).toEqual([]);
    const none = await call(t.app, cookie, { method: 'POST', url: '/api/push-notification/test' });
    expect(none.statusCode).toBe(422);
    expect(none.json().code).toBe('error.pushUnavailable');
  });

  it('deletes subscriptions the push service reports gone (410)', async () => {
    await subscribe(browserSubscription('/gone/b'));
    await subscribe(browserSubscription('/push/c'));
    const result = await sendPushToUser(t.app.ctx, user.id, { title: 'Praxia', body: 'Neuer Termin' });
    expect(result).toEqual({ sent: 1, failed: 1 });
    const rows = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(rows.map((row) => row.endpoint)).toEqual([`${baseUrl}/push/c`]);
  });

  it('refuses malformed subscriptions, foreign http endpoints, and removing another user’s', async () => {
    const missingKeys = await subscribe({ endpoint: `${baseUrl}/push/x` });
    expect(missingKeys.statusCode).toBe(422);
    const foreignHttp = await subscribe({ ...browserSubscription('/x'), endpoint: 'http://push.example.org/x' });
    expect(foreignHttp.statusCode).toBe(422);
    expect(foreignHttp.json().validationMessages).toEqual({ endpoint: ['error.invalidValue'] });
    const tooLong = await subscribe({
      ...browserSubscription('/x'),
      endpoint: `https://push.example.org/${'a'.repeat(2100)}`,
    });
    expect(tooLong.statusCode).toBe(422);
    const foreign = await call(t.app, cookie, {
      method: 'DELETE',
      url: `/api/push-notification/subscription/${other.id}`,
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/push-notification/subscription', payload: {} })).statusCode,
    ).toBe(401);
  });
});
