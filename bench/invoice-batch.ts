/**
 * Benchmark: one POST /invoice issuing 200 invoices (200 patients, one GOÄ line each, the practice's logo), PDF and Word
 * files included, over HTTP against the real app; and a second therapist of the same practice issuing one invoice as
 * soon as the batch's numbers are committed, while the batch's files are still being drawn.
 * Goals: the batch ≤ 10 s, the second invoicer's whole request ≤ 1 s.
 * Run: npm run bench:invoice-batch   (BENCH_INVOICES to change 200; BENCH_DATABASE_URL adds a PostgreSQL run)
 */
import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import sharp from 'sharp';
import type { DatabaseHandle } from '../apps/api/src/db/client.js';
import { customers, invoiceAppointments, invoices } from '../apps/api/src/db/schema.js';
import { hashPassword } from '../apps/api/src/lib/passwords.js';
import { practiceScope } from '../apps/api/src/lib/scope.js';
import { linkUserToCustomer } from '../apps/api/src/modules/users/user-customers.repo.js';
import { insertUser } from '../apps/api/src/modules/users/users.repo.js';
import { invoiceableBatch } from '../apps/api/test/invoice-batch-fixtures.js';
import { Role } from '../packages/shared/src/index.js';
import { analyzeTables, onEachDatabase, PASSWORD, seedBenchTherapist, signIn, startBenchApp } from './support.js';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 200);
const BATCH_GOAL_MS = 10_000;
const SECOND_GOAL_MS = 1_000;

async function seed(database: DatabaseHandle) {
  const { practice, therapist, email } = await seedBenchTherapist(database, 'bench-invoices');
  const colleague = await insertUser(database.systemDb, {
    email: `bench-colleague-${Date.now()}@example.org`,
    passwordHash: await hashPassword(PASSWORD),
    roles: Role.THERAPIST,
    firstName: 'Carl',
    lastName: 'Kollege',
    isConfirmed: true,
    jobTitleType: 'psychologicalPsychotherapist',
  });
  await linkUserToCustomer(database.systemDb, practiceScope(practice.id), colleague.id);
  const batch = await invoiceableBatch(database.systemDb, {
    practiceId: practice.id,
    therapistId: therapist.id,
    count: INVOICES,
    firstDay: new Date(Date.UTC(2025, 0, 6)),
  });
  const single = await invoiceableBatch(database.systemDb, {
    practiceId: practice.id,
    therapistId: colleague.id,
    count: 1,
    firstDay: new Date(Date.UTC(2025, 0, 6)),
  });
  return { practiceId: practice.id, email, colleagueEmail: colleague.email, batch, single };
}

const issue = (url: string, cookie: string, appointmentIds: number[]) =>
  fetch(`${url}/api/invoice`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', cookie },
    body: JSON.stringify({ appointmentIds }),
  });

/** Resolves once all of the batch's invoice rows are committed (then its files are being drawn). */
async function committed(database: DatabaseHandle, appointmentIds: number[]) {
  for (;;) {
    const [linked] = await database.systemDb
      .select({ count: count() })
      .from(invoiceAppointments)
      .where(inArray(invoiceAppointments.appointmentId, appointmentIds));
    if ((linked?.count ?? 0) === appointmentIds.length) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function measure(database: DatabaseHandle, label: string) {
  const { practiceId, email, colleagueEmail, batch, single } = await seed(database);
  await analyzeTables(database);
  const app = await startBenchApp(database);
  const logo = await sharp({ create: { width: 400, height: 120, channels: 3, background: '#2a6f97' } })
    .png()
    .toBuffer();
  const logoKey = `practices/${practiceId}/logos/bench-logo.png`;
  await app.storage.put(logoKey, logo);
  await database.systemDb.update(customers).set({ logoFilename: logoKey }).where(eq(customers.id, practiceId));
  const [cookie, colleagueCookie] = [await signIn(app.url, email), await signIn(app.url, colleagueEmail)];

  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const batchAnswer = issue(app.url, cookie, batch).then(async (response) => {
    if (response.status !== 201) throw new Error(`batch: ${response.status} ${await response.text()}`);
    return performance.now();
  });
  await committed(database, batch);
  const numbered = performance.now();
  const second = await issue(app.url, colleagueCookie, single);
  if (second.status !== 201) throw new Error(`second invoicer: ${second.status} ${await second.text()}`);
  const secondDone = performance.now();
  const batchDone = await batchAnswer;
  // The process's CPU time (all its threads): on a shared, loaded machine the wall time says more about the others.
  const cpu = process.cpuUsage(cpuBefore);

  const [ready] = await database.systemDb
    .select({ count: count() })
    .from(invoices)
    .where(and(eq(invoices.customerId, practiceId), isNotNull(invoices.documentsReadyAt)));
  if (ready?.count !== INVOICES + 1) throw new Error(`only ${ready?.count} invoices have their files`);

  const batchMs = batchDone - started;
  const secondMs = secondDone - numbered;
  const verdict = (ms: number, goal: number) => `goal ≤ ${goal / 1000} s: ${ms <= goal ? 'PASS' : 'FAIL'}`;
  console.log(
    `${label}: ${INVOICES} invoices in one request, files included: ${(batchMs / 1000).toFixed(2)} s ` +
      `(numbered and committed after ${((numbered - started) / 1000).toFixed(2)} s; ${verdict(batchMs, BATCH_GOAL_MS)}); ` +
      `CPU time of the process meanwhile ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s`,
  );
  console.log(
    `  a second therapist's invoice, issued while the batch drew its files: ${secondMs.toFixed(0)} ms (${verdict(secondMs, SECOND_GOAL_MS)})`,
  );
  await app.close();
  if (batchMs > BATCH_GOAL_MS || secondMs > SECOND_GOAL_MS) process.exitCode = 1;
}

await onEachDatabase(measure);
