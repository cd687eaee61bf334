/**
 * Benchmark: one week of a therapist's calendar (GET /api/appointment with therapistIds and the week's range) with
 * 3,000 appointments in the database, against a bare Fastify route running the same statements (session lookup and
 * the list query) on the same driver. Goal (issue 8): ≤ 1.3× the time of the bare query.
 * Run: npm run bench:appointment-list   (BENCH_DATABASE_URL for PostgreSQL, BENCH_SECONDS to change 5 s)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app.js';
import { readConfig } from '../apps/api/src/config.js';
import { type DatabaseHandle, openDatabase } from '../apps/api/src/db/client.js';
import { appointmentFees, appointments, users } from '../apps/api/src/db/schema.js';
import { listAppointments } from '../apps/api/src/modules/appointments/appointments.repo.js';
import { hashToken } from '../apps/api/src/modules/auth/crypto.js';
import { findLiveSession } from '../apps/api/src/modules/auth/session.repo.js';
import { addPracticeDays, atPracticeTime, Role, startOfPracticeWeek } from '../packages/shared/src/index.js';
import { load, PASSWORD, seedBenchTherapist } from './support.js';

const APPOINTMENTS = Number(process.env.BENCH_APPOINTMENTS ?? 3_000);
const PER_DAY = 10;

/** A therapist with APPOINTMENTS hourly appointments, ten a day from a year back; two in three taken with a fee. */
async function seed(database: DatabaseHandle) {
  const { practice, therapist, email } = await seedBenchTherapist(database, 'bench-calendar');
  const [client] = await database.db
    .insert(users)
    .values({
      email: `client-${Date.now()}@bench.example.org`,
      roles: Role.REGISTERED,
      isAccount: false,
      firstName: 'Karl',
      lastName: 'Klient',
    })
    .returning({ id: users.id });
  const firstDay = addPracticeDays(startOfPracticeWeek(new Date()), -7 * 26);
  const rows = Array.from({ length: APPOINTMENTS }, (_, index) => {
    const start = atPracticeTime(addPracticeDays(firstDay, Math.floor(index / PER_DAY)), 8 + (index % PER_DAY));
    const isTaken = index % 3 !== 0;
    return {
      customerId: practice.id,
      therapistId: therapist.id,
      startsAt: start,
      endsAt: new Date(start.getTime() + 50 * 60_000),
      state: isTaken ? ('taken' as const) : ('available' as const),
      ...(isTaken
        ? {
            clientId: client?.id,
            clientFirstName: 'Karl',
            clientLastName: `Klient${index}`,
            clientStreet: 'Weg 1',
            clientPostalCode: '10115',
            clientCity: 'Berlin',
          }
        : {}),
    };
  });
  for (let start = 0; start < rows.length; start += 500) {
    const inserted = await database.db
      .insert(appointments)
      .values(rows.slice(start, start + 500))
      .returning({ id: appointments.id, state: appointments.state });
    const taken = inserted.filter((row) => row.state === 'taken');
    if (taken.length) {
      await database.db.insert(appointmentFees).values(
        taken.map((row) => ({
          customerId: practice.id,
          appointmentId: row.id,
          codeValue: '870',
          incrementalRate: '2.30',
        })),
      );
    }
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

  // This week: Monday 00:00 to Sunday 24:00 German time, as the week view asks for it.
  const monday = startOfPracticeWeek(new Date());
  const nextMonday = addPracticeDays(monday, 7);
  const bare = Fastify();
  bare.get('/week', async () => {
    await findLiveSession(database.db, hashToken(sessionToken), new Date());
    return listAppointments(database.db, {
      customerId: practiceId,
      therapistIds: [therapistId],
      startFrom: monday,
      startTo: nextMonday,
      limit: 500,
      offset: 0,
    });
  });
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  const query = new URLSearchParams({
    therapistIds: String(therapistId),
    appointmentStartFrom: monday.toISOString(),
    appointmentStartTo: nextMonday.toISOString(),
    limit: '500',
  });
  const api = `${appUrl}/api/appointment?${query}`;
  const week = (await (await fetch(api, { headers: { cookie } })).json()) as { list: unknown[] };
  await load(api, { cookie }); // warm-up
  const bareResult = await load(`${bareUrl}/week`);
  const apiResult = await load(api, { cookie });
  const ratio = apiResult.mean / Math.max(bareResult.mean, 0.01);
  console.log(
    `${label} one week (${week.list.length} of ${APPOINTMENTS} appointments): API ${apiResult.rps.toFixed(0)} req/s mean ${apiResult.mean.toFixed(1)} ms p99 ${apiResult.p99} ms | bare ${bareResult.rps.toFixed(0)} req/s mean ${bareResult.mean.toFixed(1)} ms p99 ${bareResult.p99} ms`,
  );
  console.log(`  time ${ratio.toFixed(2)}× the bare query (goal ≤ 1.3: ${ratio <= 1.3 ? 'met' : 'MISSED'})`);
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
