import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Role } from '@praxia/shared';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { readConfig } from '../../src/config.js';
import { openDatabase, queryRows } from '../../src/db/client.js';
import { invoices } from '../../src/db/schema.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../../src/seed/demo.js';
import { invoiceableAppointment, invoicePractice, issue } from '../invoice-fixtures.js';
import { createHistoryPractice, pdfBytes, uploadFile } from '../patient-factory.js';
import { type S3TestServer, startS3Server, useS3Environment } from '../s3-server.js';
import { type SmtpCapture, startSmtpCapture } from '../smtp-capture.js';
import {
  actAsSameOriginPage,
  call,
  createPostgresDatabase,
  createPractice,
  createUser,
  multipart,
  PASSWORD,
  signIn,
} from '../test-app.js';
import {
  bookVideoAppointment,
  moveAppointment,
  newTherapist,
  therapistToken,
  type VideoTestApp,
} from '../video-fixtures.js';
import { SignalClient } from '../video-signal-client.js';
import { addSlot, addType, asGuest, guestBooking, weekAhead, widgetCalendar, widgetUrl } from '../widget-fixtures.js';

// Runs in the PostgreSQL pass only (vitest.config.ts includes *.postgres.test.ts when DATABASE_URL is set): app
// processes share a database only through a server. PGlite is opened by one process, which then holds all sessions,
// limits, rooms and jobs itself.
//
// Two app instances, each with its own connection pool, listening connection and data directory, like two processes
// behind a load balancer, on a database of their own that they migrate and seed while starting at the same moment.
// Each part below asks one instance to do something and the other to see it; add further parts the same way. Files
// live in one S3-compatible bucket (s3rver from the lockfile), each instance keeping only its own DATA_DIR.
const serverUrl = process.env.DATABASE_URL ?? '';

/** One app instance, shaped like the single-app fixtures (they book, sign in and move appointments through it). */
type Instance = VideoTestApp & { wsUrl: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An object as the bucket holds it, read past the app's storage code. */
async function objectBytes(key: string): Promise<Buffer> {
  const client = new S3Client({ forcePathStyle: true });
  try {
    const answer = await client.send(new GetObjectCommand({ Bucket: bucketServer.bucket, Key: key }));
    return Buffer.from(
      await (answer.Body as { transformToByteArray: () => Promise<Uint8Array> }).transformToByteArray(),
    );
  } finally {
    client.destroy();
  }
}

let own: Awaited<ReturnType<typeof createPostgresDatabase>>;
let smtp: SmtpCapture;
/** The bucket both instances keep their files in (STORAGE_BUCKET), as processes behind a load balancer must. */
let bucketServer: S3TestServer;
let restoreEnvironment: () => void;
let first: Instance;
let second: Instance;
/** The runs of a job scheduled every minute on both instances: which instance ran it, and when. */
const ticks: { instance: string; at: Date }[] = [];
/** When the two instances began to start: no scheduled run can be earlier. */
let instancesStartedAt = 0;

async function startInstance(label: string, databaseUrl: string, rateLimitKeyPrefix: string): Promise<Instance> {
  const database = await openDatabase({ databaseUrl });
  const dataDir = mkdtempSync(join(tmpdir(), `praxia-${label}-`));
  const config = {
    ...readConfig({}),
    dataDir,
    databaseUrl,
    publicUrl: 'http://praxia.test',
    smtpUrl: smtp.url,
    seedDemo: true,
    objectStorage: {
      bucket: bucketServer.bucket,
      forcePathStyle: true,
      serverSideEncryption: 'AES256' as const,
      hasCustomEndpoint: true,
    },
  };
  const app = await buildApp({
    config,
    database,
    serveWeb: false,
    // The real limits; one key prefix, as every process of an installation has none.
    rateLimits: { scale: 1, keyPrefix: rateLimitKeyPrefix },
    // Schedules checked every second: a run doubled by the second instance would show within seconds.
    jobTiming: { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 },
  });
  app.ctx.jobs.schedule('test-every-minute', '* * * * *', async () => {
    ticks.push({ instance: label, at: new Date() });
  });
  actAsSameOriginPage(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    database: { ...database, db: database.systemDb },
    smtp,
    wsUrl: `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Ends both instances' listening connections of one kind (by application_name) from the server's side, does
 * `whileCut` before they can connect again (they wait a second), and waits until both have connected again.
 */
async function cutListeningConnections(applicationName: string, whileCut = async () => {}): Promise<void> {
  const admin = new pg.Client({ connectionString: own.url });
  await admin.connect();
  const listeners = async () =>
    (
      await admin.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE application_name LIKE $1 AND datname = current_database()',
        [applicationName],
      )
    ).rows;
  try {
    const before = await listeners();
    expect(before).toHaveLength(2);
    for (const { pid } of before) await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    await whileCut();
    const deadline = Date.now() + 10_000;
    let after = await listeners();
    while (
      Date.now() < deadline &&
      (after.length < 2 || after.some((row) => before.some((old) => old.pid === row.pid)))
    ) {
      await sleep(100);
      after = await listeners();
    }
    expect(after).toHaveLength(2);
  } finally {
    await admin.end();
  }
}

beforeAll(async () => {
  own = await createPostgresDatabase(serverUrl);
  smtp = await startSmtpCapture();
  bucketServer = await startS3Server();
  restoreEnvironment = useS3Environment(bucketServer);
  const keyPrefix = randomUUID();
  // At the same moment on the empty database: both migrate and seed, one after the other under advisory locks.
  instancesStartedAt = Date.now();
  [first, second] = await Promise.all([
    startInstance('first', own.url, keyPrefix),
    startInstance('second', own.url, keyPrefix),
  ]);
});

afterAll(async () => {
  await first?.close();
  await second?.close();
  await smtp?.close();
  restoreEnvironment?.();
  await bucketServer?.close();
  await own?.drop();
});

describe('two app processes on one database', () => {
  it('start together on a fresh database: both are healthy and the demo data is there once', async () => {
    for (const instance of [first, second]) {
      const health = await instance.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.json()).toEqual({ status: 'ok' });
    }
    // The database is this file's own, so it may count the demo rows as a whole.
    const logins = DEMO_USERS.map((user) => user.email);
    const [counts] = await queryRows<{ logins: number; invoices: number; planInvoices: number }>(
      first.database.db,
      sql`SELECT (SELECT count(*)::int FROM users WHERE email IN (${sql.join(
        logins.map((email) => sql`${email}`),
        sql`, `,
      )})) AS "logins",
                 (SELECT count(*)::int FROM invoices) AS "invoices",
                 (SELECT count(*)::int FROM plan_invoices) AS "planInvoices"`,
    );
    // The demo logins, the therapist's four invoices, the owner's three plan invoices (README).
    expect(counts).toEqual({ logins: DEMO_USERS.length, invoices: 4, planInvoices: 3 });
    // A demo login made on one instance serves on the other.
    const cookie = await signIn(first.app, 'assistenz@example.org', DEMO_PASSWORD);
    const current = await call(second.app, cookie, { method: 'GET', url: '/api/user/current' });
    expect(current.statusCode).toBe(200);
  });

  it('serves a session made on one on the other, and ends it on both when it signs out there', async () => {
    const user = await createUser(first.database, { roles: Role.THERAPIST });
    const cookie = await signIn(first.app, user.email);
    const current = await call(second.app, cookie, { method: 'GET', url: '/api/user/current' });
    expect(current.json()).toMatchObject({ email: user.email });
    await call(second.app, cookie, { method: 'GET', url: '/api/user/logout' });
    expect((await call(first.app, cookie, { method: 'GET', url: '/api/user/current' })).statusCode).toBe(401);
  });

  it('reads a document, a logo and an invoice PDF written through one back through the other, byte for byte', async () => {
    const { practiceId, owner, therapist, patient } = await createHistoryPractice(first);
    const document = pdfBytes(300_000);
    const upload = await uploadFile(first.app, therapist.cookie, patient.id, 'Befund.pdf', document);
    expect(upload.statusCode).toBe(201);
    const downloaded = await call(second.app, therapist.cookie, {
      method: 'GET',
      url: `/api/user-medical-history/${upload.json().id}/file/Befund.pdf`,
    });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.rawPayload.equals(document)).toBe(true);

    const logo = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const saved = await call(first.app, owner.cookie, {
      method: 'PATCH',
      url: `/api/customer/${practiceId}`,
      ...multipart([{ name: 'logo', value: logo, filename: 'logo.png', type: 'image/png' }]),
    });
    expect(saved.statusCode).toBe(200);
    const logoKey = saved.json().logoFilename as string;
    const served = await call(second.app, owner.cookie, { method: 'GET', url: `/api/customer/${practiceId}/logo` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(await objectBytes(logoKey))).toBe(true);

    const team = await invoicePractice(first);
    const appointment = await invoiceableAppointment(first, team.therapist.cookie);
    const [invoice] = await issue(first, team.therapist.cookie, { appointmentIds: [appointment.id] });
    if (!invoice) throw new Error('no invoice');
    const [row] = await first.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    const pdf = await call(second.app, team.therapist.cookie, {
      method: 'GET',
      url: `/api/invoice/${invoice.id}/file?type=pdf`,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.equals(await objectBytes(row?.pdfKey ?? ''))).toBe(true);
  });

  it('counts wrong passwords on both: ten spread over the two reach the account limit', async () => {
    const user = await createUser(first.database, { roles: Role.THERAPIST });
    const attempt = (instance: Instance, password: string) =>
      instance.app.inject({
        method: 'POST',
        url: '/api/user/login/credentials',
        remoteAddress: '198.51.100.23',
        payload: { email: user.email, password },
      });
    const statuses: number[] = [];
    for (let index = 0; index < 10; index++) {
      statuses.push((await attempt(index % 2 === 0 ? first : second, 'Falsch-Passwort-1!')).statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    // Each instance alone counted five; together they reached ten.
    expect((await attempt(first, PASSWORD)).statusCode).toBe(429);
    expect((await attempt(second, PASSWORD)).statusCode).toBe(429);
  });

  it('connects a video call with the therapist on one and the patient on the other: admit, relay, replace, end', async () => {
    // One sign-in per scenario: all requests come from one address, under the real per-address limits.
    const therapist = await newTherapist(first, await createPractice(first.database));
    const booked = await bookVideoAppointment(first, therapist);
    await moveAppointment(first, booked.id, -5, 45);
    const token = await therapistToken(first, therapist, booked.id);
    // Both at the same moment, each on its instance: the room's lock orders the two joins, neither is lost.
    const [therapistSide, patientSide] = await Promise.all([
      SignalClient.join(first.wsUrl, token),
      SignalClient.join(second.wsUrl, booked.patientToken),
    ]);
    expect(therapistSide.messages.shift()).toEqual({ type: 'joined', role: 'therapist' });
    expect(patientSide.messages.shift()).toEqual({ type: 'joined', role: 'patient' });
    expect(await patientSide.next('waiting')).toEqual({ type: 'waiting' });
    expect(await therapistSide.next('patientWaiting')).toEqual({ type: 'patientWaiting', isWaiting: true });
    therapistSide.send({ type: 'admit' });
    expect(await therapistSide.next('start')).toEqual({ type: 'start', isOfferer: true });
    expect(await patientSide.next('start')).toEqual({ type: 'start', isOfferer: false });

    // An offer larger than a NOTIFY payload may be (8000 bytes) travels through a table row, deleted on delivery.
    const offer = { description: { type: 'offer', sdp: `v=0\r\n${'a=candidate-line\r\n'.repeat(1_500)}` } };
    therapistSide.send({ type: 'signal', payload: offer });
    expect(await patientSide.next('signal')).toEqual({ type: 'signal', payload: offer });
    const answer = { description: { type: 'answer', sdp: 'v=0\r\no=- 3 4 IN IP4 127.0.0.1\r\n' } };
    patientSide.send({ type: 'signal', payload: answer });
    expect(await therapistSide.next('signal')).toEqual({ type: 'signal', payload: answer });
    const [stored] = await queryRows<{ count: number }>(
      first.database.db,
      sql`SELECT count(*)::int AS "count" FROM video_relay_messages`,
    );
    expect(stored?.count).toBe(0);

    // The patient reloads, and this time lands on the first instance: the old socket, on the second, is closed there.
    const reloaded = await SignalClient.join(first.wsUrl, booked.patientToken);
    expect(await patientSide.next('error')).toEqual({ type: 'error', code: 'replaced' });
    expect(await patientSide.closed).toBe(4001);
    expect(await therapistSide.next('peerLeft')).toEqual({ type: 'peerLeft' });
    // Admitted before, so straight back in.
    expect(await reloaded.next('start')).toEqual({ type: 'start', isOfferer: false });
    expect(await therapistSide.next('start')).toEqual({ type: 'start', isOfferer: true });
    reloaded.send({ type: 'signal', payload: answer });
    expect(await therapistSide.next('signal')).toEqual({ type: 'signal', payload: answer });

    // The hang-up, sent to the first instance, ends the call for both.
    reloaded.send({ type: 'hangUp' });
    expect(await therapistSide.next('ended')).toEqual({ type: 'ended', reason: 'hungUp' });
    expect(await reloaded.next('ended')).toEqual({ type: 'ended', reason: 'hungUp' });
    expect(await therapistSide.closed).toBe(1000);
    expect(await reloaded.closed).toBe(1000);
  });

  it('counts a party whose process is gone as left: a call it was in does not carry on without it', async () => {
    // One sign-in per scenario: all requests come from one address, under the real per-address limits.
    const therapist = await newTherapist(first, await createPractice(first.database));
    const booked = await bookVideoAppointment(first, therapist);
    await moveAppointment(first, booked.id, -5, 45);
    // As a process that died in a running call leaves its room behind: admitted, started, its socket named.
    await first.database.db.execute(sql`INSERT INTO video_rooms
        (appointment_id, therapist_connection, patient_connection, is_admitted, is_started)
      VALUES (${booked.id}, ${`praxia-video-${randomUUID()}#1`}, NULL, true, true)`);
    const patientSide = await SignalClient.join(second.wsUrl, booked.patientToken);
    expect(patientSide.messages.shift()).toEqual({ type: 'joined', role: 'patient' });
    // The therapist is not there to start with, and the admission went with the call.
    expect(await patientSide.next('waiting')).toEqual({ type: 'waiting' });
    const therapistSide = await SignalClient.join(first.wsUrl, await therapistToken(first, therapist, booked.id));
    expect(await therapistSide.next('patientWaiting')).toEqual({ type: 'patientWaiting', isWaiting: true });
    therapistSide.close();
    patientSide.close();
  });

  it('keeps relaying after the listening connections were lost: they connect again', async () => {
    await cutListeningConnections('praxia-video-%');
    // One sign-in per scenario: all requests come from one address, under the real per-address limits.
    const therapist = await newTherapist(second, await createPractice(second.database));
    const booked = await bookVideoAppointment(second, therapist);
    await moveAppointment(second, booked.id, -5, 45);
    const therapistSide = await SignalClient.join(second.wsUrl, await therapistToken(second, therapist, booked.id));
    const patientSide = await SignalClient.join(first.wsUrl, booked.patientToken);
    expect(await therapistSide.next('patientWaiting')).toEqual({ type: 'patientWaiting', isWaiting: true });
    therapistSide.send({ type: 'admit' });
    await patientSide.next('start');
    const candidate = { candidate: { candidate: 'candidate:1 1 udp 1 192.0.2.1 5000 typ host', sdpMid: '0' } };
    therapistSide.send({ type: 'signal', payload: candidate });
    expect(await patientSide.next('signal')).toEqual({ type: 'signal', payload: candidate });
    therapistSide.close();
    patientSide.close();
  });

  it('offers no slot in one widget that a guest booked through the other, also after their listeners were cut', async () => {
    const calendar = await widgetCalendar(first);
    const type = await addType(first, calendar);
    const week = weekAhead(2);
    const slots = [await addSlot(first, calendar, week.at(1, 9)), await addSlot(first, calendar, week.at(1, 11))];
    const query = { from: week.from.toISOString(), to: week.to.toISOString() };
    const shownBy = async (instance: Instance) => {
      const response = await asGuest(instance, 'GET', widgetUrl(calendar, query));
      expect(response.statusCode).toBe(200);
      return (response.json() as { slots: { id: number }[] }).slots.map((slot) => slot.id);
    };
    const bookThroughSecond = async (slotId: number) =>
      expect(
        (await asGuest(second, 'PATCH', `/api/appointment/${slotId}/book`, guestBooking(calendar, type.id))).statusCode,
      ).toBe(200);
    const untilFirstShows = async (ids: number[]) => {
      const deadline = Date.now() + 5_000;
      // Every 100 ms: the widget's limit of 120 a minute per network counts these too.
      while ((await shownBy(first)).join() !== ids.join() && Date.now() < deadline) await sleep(100);
      expect(await shownBy(first)).toEqual(ids);
    };

    // The first instance answers (and keeps) the week twice; the guest books through the second.
    expect(await shownBy(first)).toEqual(slots.map((slot) => slot.id));
    expect(await shownBy(first)).toEqual(slots.map((slot) => slot.id));
    await bookThroughSecond(slots[0]?.id ?? 0);
    expect(await shownBy(second)).toEqual([slots[1]?.id]);
    await untilFirstShows([slots[1]?.id ?? 0]);

    // A notification sent while a listener is gone is lost: what it kept before is not served afterwards.
    expect(await shownBy(first)).toEqual([slots[1]?.id]);
    await cutListeningConnections('praxia-widget-answers', () => bookThroughSecond(slots[1]?.id ?? 0));
    expect(await shownBy(first)).toEqual([]);
  });

  it('runs a scheduled job once per schedule, though both check the schedule every second', async () => {
    const deadline = Date.now() + 70_000;
    while (ticks.length === 0 && Date.now() < deadline) await sleep(200);
    if (ticks.length === 0) throw new Error('the every-minute job never ran');
    // Some ten more checks of the schedule by the two instances.
    await sleep(5_000);
    // A run may start in the minute after its schedule's (one due at 12:00:59 starts at 12:01:00), so runs are
    // counted against the minutes since the instances started: one run per minute at most. Doubled by the
    // second instance, every minute would run twice.
    const minute = (at: number) => Math.floor(at / 60_000);
    const minutesSinceStart = minute(Date.now()) - minute(instancesStartedAt) + 1;
    expect(ticks.length).toBeGreaterThanOrEqual(1);
    expect(ticks.length).toBeLessThanOrEqual(minutesSinceStart);
  });
});
