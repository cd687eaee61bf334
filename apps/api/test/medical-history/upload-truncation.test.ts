import { readdirSync, readlinkSync } from 'node:fs';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHistoryPractice, multipart, pdfBytes } from '../patient-factory.js';
import { createTestApp, signIn, type TestApp } from '../test-app.js';

// Short enough to keep the file quick, long enough that a busy test machine does not time out a body being sent.
const IDLE_MS = 600;
const DEADLINE_MS = 2_500;
/** How long a broken body may wait for its answer: "at once", with room for a slow machine. */
const ANSWER_WITHIN_MS = 5_000;
const FILE_BYTES = 50_000;
const CUT_AT = 20_000;

let t: TestApp;
let port: number;
let routes: UploadRoute[];

type UploadRoute = {
  name: string;
  method: string;
  path: string;
  cookie: string;
  /** The whole multipart body; every cut below falls inside its file part. */
  body: { payload: Buffer; headers: { 'content-type': string } };
};

beforeAll(async () => {
  t = await createTestApp({ config: { uploadIdleTimeoutMs: IDLE_MS, uploadTimeoutMs: DEADLINE_MS } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  const { practiceId, owner, therapist, patient } = await createHistoryPractice(t);
  const patientCookie = await signIn(t.app, patient.email);
  const file = (name: string) => ({
    name,
    value: pdfBytes(FILE_BYTES),
    filename: 'befund.pdf',
    type: 'application/pdf',
  });
  routes = [
    {
      name: 'POST /api/user-medical-history',
      method: 'POST',
      path: '/api/user-medical-history',
      cookie: therapist.cookie,
      body: multipart([{ name: 'clientId', value: String(patient.id) }, file('file')]),
    },
    {
      name: 'POST /api/patient/documents',
      method: 'POST',
      path: '/api/patient/documents',
      cookie: patientCookie,
      body: multipart([file('file')]),
    },
    {
      name: 'PUT /api/user/{id}/avatar',
      method: 'PUT',
      path: `/api/user/${owner.id}/avatar`,
      cookie: owner.cookie,
      body: multipart([file('file')]),
    },
    {
      name: 'PATCH /api/customer/{id}',
      method: 'PATCH',
      path: `/api/customer/${practiceId}`,
      cookie: owner.cookie,
      body: multipart([{ name: '__data', value: '{}' }, file('logo')]),
    },
  ];
  for (const route of routes) {
    const fileStart = route.body.payload.indexOf('%PDF');
    expect(fileStart, route.name).toBeLessThan(CUT_AT);
    expect(fileStart + FILE_BYTES, route.name).toBeGreaterThan(CUT_AT);
  }
});
afterAll(() => t.close());

const parkingDir = () => join(t.app.ctx.config.dataDir, 'upload-parking');
const parkedFiles = () => {
  try {
    return readdirSync(parkingDir());
  } catch {
    return [];
  }
};

/** This process's open descriptors on files in the test's data directory (Linux only; elsewhere none are seen). */
function descriptorsInDataDir(): string[] {
  if (process.platform !== 'linux') return [];
  const open: string[] = [];
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      if (target.startsWith(t.app.ctx.config.dataDir)) open.push(target);
    } catch {
      // closed meanwhile (the readdir's own descriptor among them)
    }
  }
  return open;
}

afterEach(async () => {
  await vi.waitFor(() => expect(parkedFiles(), 'a parked upload outlived its request').toEqual([]), {
    timeout: 2_000,
  });
});

type Answer = { status: number; headers: Record<string, string>; json: Record<string, unknown> };

/**
 * A raw HTTP/1.1 connection to the app: the test writes exactly the bytes it wants. `answer` resolves with the first
 * response (or rejects when none comes within ANSWER_WITHIN_MS or the connection closes first); `closed` resolves
 * when the server closes the connection.
 */
function openConnection(route: UploadRoute, framing: { contentLength: number } | 'chunked') {
  const socket: Socket = connect({ port, host: '127.0.0.1' });
  const head = [
    `${route.method} ${route.path} HTTP/1.1`,
    'Host: praxia.test',
    `Cookie: ${route.cookie}`,
    'Sec-Fetch-Site: same-origin',
    `Content-Type: ${route.body.headers['content-type']}`,
    framing === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${framing.contentLength}`,
    '',
    '',
  ].join('\r\n');
  socket.write(head);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const answer = new Promise<Answer>((resolve, reject) => {
    let received = Buffer.alloc(0);
    const timer = setTimeout(() => reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`)), ANSWER_WITHIN_MS);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine = '', ...lines] = received.subarray(0, end).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      const length = Number(headers['content-length'] ?? 0);
      if (received.length < end + 4 + length) return;
      clearTimeout(timer);
      const text = received.subarray(end + 4, end + 4 + length).toString('utf8');
      resolve({ status: Number(statusLine.split(' ')[1]), headers, json: text ? JSON.parse(text) : {} });
    });
    socket.once('close', () => {
      clearTimeout(timer);
      reject(new Error('the connection closed without an answer'));
    });
    socket.on('error', () => {});
  });
  answer.catch(() => {});
  return { socket, answer, closed };
}

const chunk = (data: Buffer) =>
  Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);

const expectMalformed = (answer: Answer) => {
  expect(answer.status).toBe(400);
  expect(answer.json).toMatchObject({ type: 'Bad Request', status: 400, code: 'error.uploadMalformed' });
};

describe.each([
  'POST /api/user-medical-history',
  'POST /api/patient/documents',
  'PUT /api/user/{id}/avatar',
  'PATCH /api/customer/{id}',
])('%s with a broken body', (name) => {
  const route = () => routes.find((candidate) => candidate.name === name) as UploadRoute;

  it('answers 400 at once to a multipart body cut off inside the file, and keeps no parked file', async () => {
    const cut = route().body.payload.subarray(0, CUT_AT);
    const connection = openConnection(route(), { contentLength: cut.length });
    connection.socket.write(cut);
    expectMalformed(await connection.answer);
    expect(parkedFiles()).toEqual([]);
    connection.socket.destroy();
  });

  it('answers 400 at once to a chunked body that ends inside the file', async () => {
    const connection = openConnection(route(), 'chunked');
    connection.socket.write(chunk(route().body.payload.subarray(0, CUT_AT)));
    connection.socket.write('0\r\n\r\n');
    expectMalformed(await connection.answer);
    expect(parkedFiles()).toEqual([]);
    connection.socket.destroy();
  });

  it('answers 408 and closes the connection when the client stops sending, removing what it parked', async () => {
    const started = Date.now();
    const connection = openConnection(route(), { contentLength: route().body.payload.length });
    connection.socket.write(route().body.payload.subarray(0, CUT_AT));
    const answer = await connection.answer;
    expect(answer.status).toBe(408);
    expect(answer.json).toMatchObject({ type: 'Request Timeout', status: 408, code: 'error.requestTimeout' });
    expect(answer.headers.connection).toBe('close');
    expect(Date.now() - started).toBeGreaterThanOrEqual(IDLE_MS);
    expect(parkedFiles()).toEqual([]);
    await connection.closed;
  });

  it('keeps neither a parked file nor a descriptor when the client goes away mid-body', async () => {
    const before = descriptorsInDataDir();
    const connection = openConnection(route(), { contentLength: route().body.payload.length });
    connection.socket.write(route().body.payload.subarray(0, CUT_AT));
    // The history routes park the file's first bytes: the abort must find them on disk to prove their removal.
    if (name.includes('history') || name.includes('documents')) {
      await vi.waitFor(() => expect(parkedFiles()).toHaveLength(1), { timeout: 2_000 });
    } else {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    connection.socket.destroy();
    await vi.waitFor(
      () => {
        expect(parkedFiles(), 'parked files').toEqual([]);
        expect(descriptorsInDataDir(), 'open descriptors').toEqual(before);
      },
      { timeout: 2_000 },
    );
  });

  it('answers 400 to a body that is not multipart at all (wrong boundary, no boundary)', async () => {
    const payload = route().body.payload.toString('latin1').replaceAll('----praxia-test-boundary', '--other');
    const wrongBoundary = openConnection(route(), { contentLength: payload.length });
    wrongBoundary.socket.write(Buffer.from(payload, 'latin1'));
    expectMalformed(await wrongBoundary.answer);
    wrongBoundary.socket.destroy();

    const noBoundary = openConnection(
      { ...route(), body: { ...route().body, headers: { 'content-type': 'multipart/form-data' } } },
      { contentLength: route().body.payload.length },
    );
    noBoundary.socket.write(route().body.payload);
    expectMalformed(await noBoundary.answer);
    noBoundary.socket.destroy();
  });
});

describe('the upload deadline', () => {
  it('answers 408 to a body that keeps trickling in past the deadline, removing what it parked', async () => {
    const route = routes[0] as UploadRoute;
    const started = Date.now();
    const connection = openConnection(route, { contentLength: route.body.payload.length });
    let sent = 0;
    // A few bytes well within the idle limit each time: only the overall deadline can end this request.
    const trickle = setInterval(() => {
      if (connection.socket.destroyed) return;
      connection.socket.write(route.body.payload.subarray(sent, sent + 2_000));
      sent += 2_000;
    }, IDLE_MS / 4);
    try {
      const answer = await connection.answer.catch(async () => {
        throw new Error('no 408 before the deadline');
      });
      expect(answer.status).toBe(408);
      expect(answer.json.code).toBe('error.requestTimeout');
      expect(Date.now() - started).toBeGreaterThanOrEqual(DEADLINE_MS);
      expect(parkedFiles()).toEqual([]);
      await connection.closed;
    } finally {
      clearInterval(trickle);
    }
  });
});
