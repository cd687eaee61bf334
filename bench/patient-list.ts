/**
 * Benchmark: the patient list (GET /api/user?rolesList=2, 50 rows, with and without a search) of a therapist with
 * 10,000 patients in one practice, against a bare Fastify route running the same statements (session lookup and
 * the list query) on the same driver. Goal (issue 7): ≤ 1.3× the time of the bare query.
 * Run: node --import tsx bench/patient-list.ts   (BENCH_DATABASE_URL for PostgreSQL, BENCH_SECONDS to change 5 s)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app.js';
import { readConfig } from '../apps/api/src/config.js';
import { type DatabaseHandle, openDatabase } from '../apps/api/src/db/client.js';
import { patients, userCustomers, users } from '../apps/api/src/db/schema.js';
import { systemScope } from '../apps/api/src/lib/scope.js';
import { hashToken } from '../apps/api/src/lib/tokens.js';
import { findLiveSession } from '../apps/api/src/modules/auth/session.repo.js';
import { listUsers } from '../apps/api/src/modules/users/user-list.repo.js';
import { Role } from '../packages/shared/src/index.js';
import { load, PASSWORD, seedBenchTherapist } from './support.js';

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 10_000);
const NAMES = ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann'];

async function seed(database: DatabaseHandle) {
  const { practice, therapist, email } = await seedBenchTherapist(database, 'bench-therapist');
  for (let start = 0; start < PATIENTS; start += 1000) {
    const rows = await database.systemDb
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
    await database.systemDb
      .insert(userCustomers)
      .values(rows.map((row) => ({ userId: row.id, customerId: practice.id })));
    await database.systemDb.insert(patients).values(
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
    await findLiveSession(database.systemDb, systemScope('session lookup'), hashToken(sessionToken), new Date());
    return listUsers(database.systemDb, {
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
