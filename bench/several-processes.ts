/**
 * Benchmark: several app processes on one PostgreSQL database.
 * 1. Throughput of two app processes against one, on this machine: the same signed-in read (GET /api/user/current:
 *    session lookup and user row) under the same load, first on one process, then spread over two (autocannon's
 *    connections alternate between the two URLs); the rounds alternate the order. Each process is a real server
 *    process (`apps/api/src/server.ts`); the session made on one serves on the other.
 * 2. The video relay's added latency between processes: a signal from a party on one app instance to a party on
 *    another goes through PostgreSQL (NOTIFY on the receiver's channel); the same signal between two parties on one
 *    instance takes the same path, and on the embedded database it stays in memory. Goal: p99 < 20 ms on loopback.
 * Run: BENCH_DATABASE_URL=postgres://… npm run bench:processes   (an empty database; BENCH_SECONDS, BENCH_ROUNDS)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { type DatabaseHandle, openDatabase } from '../apps/api/src/db/client.js';
import { createSignalTransport } from '../apps/api/src/modules/video/signal-transport.js';
import { VideoRooms } from '../apps/api/src/modules/video/video-rooms.js';
import type { ServerMessage } from '../packages/shared/src/video/protocol.js';
import { seedBenchTherapist, signIn } from './support.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 20;
const SIGNALS = 2_000;
const RELAY_GOAL_P99_MS = 20;
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/** The real server entry in a process of its own; resolves once it listens. */
async function startServer(databaseUrl: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'praxia-bench-process-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Praxia runs at')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the app process ended with ${code}: ${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await once(child, 'exit');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function load(urls: string[], cookie: string): Promise<{ rps: number; p99: number }> {
  // Several URLs share the connections in turn (autocannon's README); its type declarations know only one.
  const result = await autocannon({
    url: urls as unknown as string,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { cookie },
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function measureThroughput(databaseUrl: string, database: DatabaseHandle): Promise<void> {
  const { email } = await seedBenchTherapist(database, 'bench-processes');
  const [first, second] = await Promise.all([startServer(databaseUrl), startServer(databaseUrl)]);
  try {
    const cookie = await signIn(first.url, email);
    const path = '/api/user/current';
    const one = [`${first.url}${path}`];
    const two = [`${first.url}${path}`, `${second.url}${path}`];
    await load(two, cookie);
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? [one, two] : [two, one];
      const [a, b] = [await load(order[0] ?? one, cookie), await load(order[1] ?? two, cookie)];
      const [single, double] = round % 2 === 0 ? [a, b] : [b, a];
      ratios.push(double.rps / single.rps);
      console.log(
        `  round ${round + 1}: one process ${single.rps.toFixed(0)} req/s (p99 ${single.p99} ms), ` +
          `two ${double.rps.toFixed(0)} req/s (p99 ${double.p99} ms): ${(double.rps / single.rps).toFixed(2)}×`,
      );
    }
    const median = [...ratios].sort((x, y) => x - y)[Math.floor((ratios.length - 1) / 2)] ?? Number.NaN;
    console.log(`  two processes: ${median.toFixed(2)}× the throughput of one (median of ${ROUNDS} rounds)`);
  } finally {
    await first.stop();
    await second.stop();
  }
}

/** Two parties in one started room, each on its own instance; answers the latencies of SIGNALS one-way signals. */
async function relayLatencies(therapistSide: VideoRooms, patientSide: VideoRooms): Promise<number[]> {
  const appointmentId = 2_000_000_000 - Math.floor(Math.random() * 1_000_000);
  let onSignal: () => void = () => undefined;
  const quiet = { send: () => undefined, close: () => undefined };
  const therapist = { ...quiet, role: 'therapist' as const };
  const patient = {
    role: 'patient' as const,
    send: (message: ServerMessage) => message.type === 'signal' && onSignal(),
    close: () => undefined,
  };
  await therapistSide.join(appointmentId, therapist);
  await patientSide.join(appointmentId, patient);
  await therapistSide.admit(appointmentId);
  const times: number[] = [];
  const candidate = { candidate: { candidate: 'candidate:1 1 udp 2122260223 192.0.2.1 54321 typ host', sdpMid: '0' } };
  for (let index = 0; index < SIGNALS; index += 1) {
    const started = performance.now();
    const arrived = new Promise<void>((resolve) => {
      onSignal = resolve;
    });
    await therapistSide.relay(appointmentId, therapist, candidate);
    await arrived;
    times.push(performance.now() - started);
  }
  await therapistSide.end(appointmentId, 'hungUp');
  return times.sort((a, b) => a - b);
}

const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
const figures = (sorted: number[]) =>
  `p50 ${percentile(sorted, 0.5).toFixed(2)} ms, p99 ${percentile(sorted, 0.99).toFixed(2)} ms`;

async function measureRelay(databaseUrl: string): Promise<void> {
  const handles = [await openDatabase({ databaseUrl }), await openDatabase({ databaseUrl })];
  const embedded = await openDatabase({});
  const onError = (error: Error) => console.error(`relay: ${error.message}`);
  const rooms = await Promise.all(
    [...handles, embedded].map(
      async (handle) => new VideoRooms(handle.systemDb, await createSignalTransport(handle, onError)),
    ),
  );
  const [a, b, inMemory] = rooms as [VideoRooms, VideoRooms, VideoRooms];
  try {
    const between = await relayLatencies(a, b);
    const within = await relayLatencies(a, a);
    const local = await relayLatencies(inMemory, inMemory);
    const added = percentile(between, 0.99) - percentile(local, 0.99);
    console.log(`  between two instances (PostgreSQL NOTIFY): ${figures(between)}`);
    console.log(`  within one instance (PostgreSQL NOTIFY):   ${figures(within)}`);
    console.log(`  embedded database (in memory):             ${figures(local)}`);
    const passed = percentile(between, 0.99) < RELAY_GOAL_P99_MS;
    console.log(
      `  added by the hop between processes: p99 +${added.toFixed(2)} ms (goal: p99 < ${RELAY_GOAL_P99_MS} ms between instances: ${passed ? 'PASS' : 'FAIL'})`,
    );
  } finally {
    for (const room of rooms) await room.close();
    for (const handle of [...handles, embedded]) await handle.close();
  }
}

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) {
  console.log('several processes: skipped, they share a database only on PostgreSQL (set BENCH_DATABASE_URL).');
} else {
  const database = await openDatabase({ databaseUrl });
  try {
    console.log(`Two app processes against one (${CONNECTIONS} connections, ${SECONDS} s a run, ${ROUNDS} rounds):`);
    await measureThroughput(databaseUrl, database);
    console.log(`Video relay, ${SIGNALS} signals one after the other:`);
    await measureRelay(databaseUrl);
  } finally {
    await database.close();
  }
}
