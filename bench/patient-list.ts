/**
 * Benchmark: the patient list (GET /api/user?rolesList=2, 50 rows, with and without a search) of a therapist with
 * 10,000 patients in one practice, against a bare Fastify route running the same statements (session lookup and
 * the list query) on the same driver. Goal (issue 7): ≤ 1.3× the time of the bare query.
 * Run: node --import tsx bench/patient-list.ts   (BENCH_DATABASE_URL for PostgreSQL, BENCH_SECONDS to change 5 s)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app.js';
import { readConfig } from '../apps/api/src/config.js';
import { type DatabaseHandle, openDatabase } from '../apps/api/src/db/client.js';
import { customers, patients, userCustomers, users } from '../apps/api/src/db/schema.js';
import { hashToken } from '../apps/api/src/modules/auth/crypto.js';
import { hashPassword } from '../apps/api/src/modules/auth/passwords.js';
import { findLiveSession } from '../apps/api/src/modules/auth/session.repo.js';
import { listUsers } from '../apps/api/src/modules/users/user-list.repo.js';
import { insertUser, linkUserToCustomer } from '../apps/api/src/modules/users/users.repo.js';
import { Role } from '../packages/shared/src/index.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 10_000);
const PASSWORD = 'Bench-Passwort-2026!';
const NAMES = ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann'];

type Result = { rps: number; p99: number; mean: number };

async function load(url: string, headers: Record<string, string> = {}): Promise<Result> {
  const probe = await fetch(url, { headers });
  if (!probe.ok) throw new Error(`${url}: ${probe.status} ${await probe.text()}`);
  const result = await autocannon({ url, connections: 10, duration: DURATION_S, headers });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  return { rps: result.requests.average, p99: result.latency.p99, mean: result.latency.mean };
}

async function seed(database: DatabaseHandle) {
  const [practice] = await database.db.insert(customers).values({ name: 'Bench-Praxis' }).returning();
  if (!practice) throw new Error('no practice');
  const email = `bench-therapist-${Date.now()}@example.org`;
  const therapist = await insertUser(database.db, {
    email,
    passwordHash: await hashPassword(PASSWORD),
    roles: Role.THERAPIST,
    firstName: 'Bea',
    lastName: 'Bench',
    isConfirmed: true,
  });
  await linkUserToCustomer(database.db, therapist.id, practice.id);
  for (let start = 0; start < PATIENTS; start += 1000) {
    const rows = await database.db
      .insert(users)
      .values(
        Array.from({ length: 1000 }, (_, i) => ({
          email: `p${start + i}@bench.example.org`,
          roles: Role.REGISTERED,
          isAccount: false,
          firstName: `Vorname${start + i}`,
          lastName: `${NAMES[(start + i) % NAMES.length]}${start + i}`,
        })),
      )
      .returning({ id: users.id });
    await database.db.insert(userCustomers).values(rows.map((row) => ({ userId: row.id, customerId: practice.id })));
    await database.db.insert(patients).values(
      rows.map((row, i) => ({
        userId: row.id,
        customerId: practice.id,
        therapistId: therapist.id,
        patientNumber: start + i + 1,
      })),
    );
  }
  return { practiceId: practice.id, therapistId: therapist.id, email };
}

async function measure(database: DatabaseHandle, label: string) {
  const { practiceId, therapistId, email } = await seed(database);
  const dataDir = mkdtempSync(join(tmpdir(), 'praxia-bench-'));
  const app = await buildApp({
    config: { ...readConfig({}), dataDir, seedDemo: false },
    database,
    serveWeb: false,
    rateLimits: { scale: 1_000_000 },
  });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${appUrl}/api/user/login/credentials`, {
    method: 'POST',
    // The API refuses state changes that do not come from its own page.
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const sessionToken = cookie.split('=')[1] ?? '';

  const bare = Fastify();
  bare.get<{ Querystring: { searchString?: string } }>('/patients', async (request) => {
    await findLiveSession(database.db, hashToken(sessionToken), new Date());
    return listUsers(database.db, {
      mode: 'patients',
      customerIds: [practiceId],
      rolesMask: Role.REGISTERED,
      therapistId,
      searchString: request.query.searchString ?? null,
      orderBy: 'lastName',
      descending: false,
      limit: 50,
      offset: 0,
      subscriptionVisibleFor: [],
    });
  });
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  for (const [name, query] of [
    ['page 1', ''],
    ['search "schul"', '&searchString=schul'],
  ] as const) {
    const api = `${appUrl}/api/user?rolesList=2&limit=50&page=1${query}`;
    await load(api, { cookie }); // warm-up
    const bareResult = await load(`${bareUrl}/patients?x=1${query}`);
    const apiResult = await load(api, { cookie });
    const ratio = apiResult.mean / Math.max(bareResult.mean, 0.01);
    console.log(
      `${label} ${name}: API ${apiResult.rps.toFixed(0)} req/s mean ${apiResult.mean.toFixed(1)} ms p99 ${apiResult.p99} ms | bare ${bareResult.rps.toFixed(0)} req/s mean ${bareResult.mean.toFixed(1)} ms p99 ${bareResult.p99} ms`,
    );
    console.log(`  time ${ratio.toFixed(2)}× the bare query (goal ≤ 1.3: ${ratio <= 1.3 ? 'met' : 'MISSED'})`);
  }
  await app.close();
  await bare.close();
  rmSync(dataDir, { recursive: true, force: true });
}

const pglite = await openDatabase({});
await measure(pglite, 'PGlite');
await pglite.close();

if (process.env.BENCH_DATABASE_URL) {
  const postgres = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL });
  await measure(postgres, 'PostgreSQL');
  await postgres.close();
} else {
  console.log('Set BENCH_DATABASE_URL (an empty PostgreSQL database) to run the same comparison on PostgreSQL.');
}
