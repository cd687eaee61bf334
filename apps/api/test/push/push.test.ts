import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { Role } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions, serverKeys } from '../../src/db/schema.js';
import { sendPushToUser } from '../../src/modules/push/push.service.js';
import { call, createPractice, createTestApp, createUser, signIn, type TestApp, type TestUser } from '../test-app.js';

let t: TestApp;
let practice: number;
let user: TestUser;
let other: TestUser;
let cookie: string;
let pushService: Server;
let baseUrl: string;
const received: { path: string; headers: Record<string, unknown>; bytes: number }[] = [];
/** A listener on this machine that a push must never reach: it counts the connections it gets. */
let internal: TcpServer;
let internalPort: number;
let internalConnections = 0;

beforeAll(async () => {
  // A local push service: /gone/* answers 410 as a push service does for an expired subscription, /moved/* redirects
  // to the internal listener.
  pushService = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, bytes: Buffer.concat(chunks).length });
      if (request.url?.startsWith('/moved/')) {
        response.writeHead(307, { location: `http://127.0.0.1:${internalPort}/` }).end();
        return;
      }
      response.statusCode = request.url?.startsWith('/gone/') ? 410 : 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  internal = createTcpServer((socket) => {
    internalConnections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  internalPort = (internal.address() as AddressInfo).port;
  // Limits unscaled: the test button's own limit is under test.
  t = await createTestApp({ rateLimitScale: 1, config: { pushServiceStandIn: baseUrl } });
  practice = await createPractice(t.database);
  user = await createUser(t.database, { roles: Role.THERAPIST, practiceId: practice });
  other = await createUser(t.database, { roles: Role.THERAPIST, practiceId: practice });
  cookie = await signIn(t.app, user.email);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => pushService.close(resolve));
  await new Promise((resolve) => internal.close(resolve));
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
const callTest = (as: string) => call(t.app, as, { method: 'POST', url: '/api/push-notification/test' });

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
    expect(foreignHttp.json().validationMessages).toEqual({ endpoint: ['error.pushEndpointRefused'] });
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

  it('refuses endpoints on private, loopback, link-local, metadata, CGNAT and unique-local addresses (422)', async () => {
    const refused = [
      `http://127.0.0.1:${internalPort}/x`,
      `https://127.0.0.1:${internalPort}/x`,
      `https://localhost:${internalPort}/x`,
      'https://10.0.0.5/x',
      'https://172.16.0.1/x',
      'https://192.168.1.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/x',
      'https://0.0.0.0/x',
      'https://[::1]/x',
      'https://[fe80::1]/x',
      'https://[fd00:ec2::254]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[::ffff:a9fe:a9fe]/x',
      'https://[64:ff9b::a9fe:a9fe]/x',
      'https://push.invalid/x',
    ];
    for (const endpoint of refused) {
      const response = await subscribe({ ...browserSubscription('/x'), endpoint });
      expect(response.statusCode, endpoint).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'error.pushEndpointRefused',
        detail: expect.stringContaining('nur öffentliche HTTPS-Adressen'),
        validationMessages: { endpoint: ['error.pushEndpointRefused'] },
      });
    }
    const rows = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(rows.filter((row) => refused.includes(row.endpoint))).toEqual([]);
    expect(internalConnections).toBe(0);
  });

  it('checks again when sending, and never follows a redirect to an internal address', async () => {
    const member = await createUser(t.database, { roles: Role.THERAPIST, practiceId: practice });
    const keys = browserSubscription('/x').keys;
    // Stored before the rule, or a name whose DNS answer has changed since: sending refuses them all the same.
    await t.database.db
      .insert(pushSubscriptions)
      .values(
        [
          `https://127.0.0.1:${internalPort}/push`,
          `https://localhost:${internalPort}/push`,
          `https://[::ffff:127.0.0.1]:${internalPort}/push`,
          `http://127.0.0.1:${internalPort}/push`,
        ].map((endpoint) => ({ userId: member.id, endpoint, p256dh: keys.p256dh, auth: keys.auth })),
      );
    expect(await sendPushToUser(t.app.ctx, member.id, { title: 'Praxia', body: 'x' })).toEqual({ sent: 0, failed: 4 });
    const redirected = await createUser(t.database, { roles: Role.THERAPIST, practiceId: practice });
    await t.database.db
      .insert(pushSubscriptions)
      .values({ userId: redirected.id, endpoint: `${baseUrl}/moved/a`, p256dh: keys.p256dh, auth: keys.auth });
    expect(await sendPushToUser(t.app.ctx, redirected.id, { title: 'Praxia', body: 'x' })).toEqual({
      sent: 0,
      failed: 1,
    });
    expect(received.some((item) => item.path === '/moved/a')).toBe(true);
    expect(internalConnections).toBe(0);
  });

  it('allows 5 test notifications in 10 minutes per user, then 429', async () => {
    const tester = await createUser(t.database, { roles: Role.THERAPIST, practiceId: practice });
    const testerCookie = await signIn(t.app, tester.email);
    expect((await subscribe(browserSubscription('/push/limited'), testerCookie)).statusCode).toBe(201);
    const answers = [];
    for (let call = 1; call <= 6; call++) {
      answers.push((await callTest(testerCookie)).statusCode);
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await callTest(cookie)).statusCode).not.toBe(429);
  });
});
