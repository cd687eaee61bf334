import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app.js';
import { readConfig } from '../apps/api/src/config.js';
import { type DatabaseHandle, openDatabase } from '../apps/api/src/db/client.js';
import { customers } from '../apps/api/src/db/schema.js';
import { hashPassword } from '../apps/api/src/lib/passwords.js';
import { practiceScope } from '../apps/api/src/lib/scope.js';
import { linkUserToCustomer } from '../apps/api/src/modules/users/user-customers.repo.js';
import { insertUser } from '../apps/api/src/modules/users/users.repo.js';
import { addPracticeDays, atPracticeTime, Role } from '../packages/shared/src/index.js';

/** What the list benchmarks share: the load run and a signed-up therapist in a practice of their own. */
export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
export const PASSWORD = 'Bench-Passwort-2026!';
/** The goal of the API-against-bare benchmarks (issues 7, 8, 9): the API takes at most this many times as long. */
export const RATIO_GOAL = 1.3;

export type Result = { rps: number; p99: number; mean: number };

/** Ten connections for DURATION_S seconds; any answer other than 2xx stops the benchmark. */
export async function load(url: string, headers: Record<string, string> = {}): Promise<Result> {
  const probe = await fetch(url, { headers });
  if (!probe.ok) throw new Error(`${url}: ${probe.status} ${await probe.text()}`);
  const result = await autocannon({ url, connections: 10, duration: DURATION_S, headers });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  return { rps: result.requests.average, p99: result.latency.p99, mean: result.latency.mean };
}

/** A practice with one confirmed therapist who signs in with PASSWORD. */
export async function seedBenchTherapist(database: DatabaseHandle, emailPrefix: string) {
  const [practice] = await database.systemDb.insert(customers).values({ name: 'Bench-Praxis' }).returning();
  if (!practice) throw new Error('no practice');
  const email = `${emailPrefix}-${Date.now()}@example.org`;
  const therapist = await insertUser(database.systemDb, {
    email,
    passwordHash: await hashPassword(PASSWORD),
    roles: Role.THERAPIST,
    firstName: 'Bea',
    lastName: 'Bench',
    isConfirmed: true,
    jobTitleType: 'psychologicalPsychotherapist',
  });
  await linkUserToCustomer(database.systemDb, practiceScope(practice.id), therapist.id);
  return { practice, therapist, email };
}

/**
 * Signs in over HTTP as the web app's own page does and answers the session cookie. The API refuses state-changing
 * requests that show neither `Sec-Fetch-Site: same-origin` nor an Origin of its own (a browser sends them by itself).
 */
export async function signIn(appUrl: string, email: string, password = PASSWORD): Promise<string> {
  const login = await fetch(`${appUrl}/api/user/login/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`bench sign-in refused: ${login.status} ${await login.text()}`);
  return (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/**
 * Gathers the planner's statistics after a bulk load, as autovacuum would soon after it (PGlite has no autovacuum). As
 * the tables' owner: for the app's role, PostgreSQL skips every table with no more than a warning.
 */
export async function analyzeTables(database: DatabaseHandle): Promise<void> {
  await database.ownerDb.execute(sql`ANALYZE`);
}

/** The start and end of calendar entry `index`: `perDay` hourly 50-minute appointments a day from 08:00, German time. */
export function hourlySlot(firstDay: Date, index: number, perDay: number) {
  const startsAt = atPracticeTime(addPracticeDays(firstDay, Math.floor(index / perDay)), 8 + (index % perDay));
  return { startsAt, endsAt: new Date(startsAt.getTime() + 50 * 60_000) };
}

/**
 * The real app on a free port, as the server builds it. All load comes from one address, so the per-IP limits are
 * scaled far out of the way: the limiter still runs on every request, it just never answers 429.
 */
export async function startBenchApp(database: DatabaseHandle, options: { keepWidgetAnswers?: boolean } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'praxia-bench-'));
  const app = await buildApp({
    config: { ...readConfig({}), dataDir, seedDemo: false },
    database,
    serveWeb: false,
    rateLimits: { scale: 1_000_000 },
    keepWidgetAnswers: options.keepWidgetAnswers,
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    storage: app.ctx.storage,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The baseline: a plain Fastify GET route (no hooks, validation or response schema) answering what `answer` returns. */
export async function startBareRoute(path: string, answer: () => Promise<unknown>) {
  const bare = Fastify();
  bare.get(path, answer);
  const url = `${await bare.listen({ port: 0, host: '127.0.0.1' })}${path}`;
  return { url, close: () => bare.close() };
}

/** A value of a prepared statement: numbers, instants, lists of them, or null. */
export type PreparedValue = number | Date | readonly number[] | readonly Date[] | null;

/** A value written into an EXECUTE call as a text literal, which PostgreSQL reads as the parameter's declared type. */
function literal(value: PreparedValue): string {
  const text = (item: number | Date) => {
    if (item instanceof Date) return item.toISOString();
    if (!Number.isFinite(item)) throw new Error(`not a number: ${item}`);
    return String(item);
  };
  if (value === null) return 'NULL';
  if (Array.isArray(value)) return `'{${value.map((item) => `"${text(item)}"`).join(',')}}'`;
  return `'${text(value as number | Date)}'`;
}

/**
 * A statement planned once per connection and then run with new values, as PostgreSQL keeps the plans of a PL/pgSQL
 * function's statements for the connection: the fair baseline for an endpoint that calls such a function. On
 * PostgreSQL, pg prepares a named statement on each pooled connection at its first use. PGlite has no named
 * statements in its API but only one connection: that one PREPAREs the statement once and EXECUTEs it with the values
 * written into the call (a statement as small to parse as the endpoint's own call of its function). Both run as the
 * system, through the same driver and row scope as the app's queries. `text` casts each of its `$n` parameters.
 */
export async function prepareOnce<T>(database: DatabaseHandle, name: string, text: string) {
  const client = (database.systemDb as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } })
    .$client;
  if (database.kind === 'postgres') {
    return async (values: PreparedValue[]) => ((await client.query({ name, text, values })) as { rows: T[] }).rows;
  }
  await client.query(`PREPARE ${name} AS ${text}`);
  return async (values: PreparedValue[]) =>
    ((await client.query(`EXECUTE ${name}(${values.map(literal).join(', ')})`)) as { rows: T[] }).rows;
}

/** Rounds of the API-against-bare comparison; the median round counts (the machine is shared and noisy). */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

export type Round = { api: Result; bare: Result; ratio: number };

/**
 * Warm both up, then ROUNDS rounds of loading the bare route and the API, alternating which goes first so that a
 * burst of load from elsewhere on the machine hits both alike. Answers every round and the median one (by the ratio
 * of mean times).
 */
export async function loadInRounds(
  api: { url: string; headers?: Record<string, string> },
  bareUrl: string,
): Promise<{ rounds: Round[]; median: Round }> {
  const loadApi = () => load(api.url, api.headers);
  const loadBare = () => load(bareUrl);
  await loadApi();
  await loadBare();
  const rounds: Round[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const bareFirst = round % 2 === 0;
    const first = await (bareFirst ? loadBare() : loadApi());
    const second = await (bareFirst ? loadApi() : loadBare());
    const [bareResult, apiResult] = bareFirst ? [first, second] : [second, first];
    rounds.push({ api: apiResult, bare: bareResult, ratio: apiResult.mean / Math.max(bareResult.mean, 0.01) });
  }
  const sorted = [...rounds].sort((a, b) => a.ratio - b.ratio);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('BENCH_ROUNDS must be at least 1');
  return { rounds, median };
}

/** Loads the API and the bare route in rounds (loadInRounds); prints the median round and every round's ratio. */
export async function compareWithBare(
  label: string,
  api: { url: string; headers?: Record<string, string> },
  bareUrl: string,
): Promise<number> {
  const { rounds, median } = await loadInRounds(api, bareUrl);
  const line = (result: Result) =>
    `${result.rps.toFixed(0)} req/s mean ${result.mean.toFixed(2)} ms p99 ${result.p99} ms`;
  console.log(`${label}: API ${line(median.api)} | bare ${line(median.bare)} (median of ${rounds.length} rounds)`);
  const verdict = median.ratio <= RATIO_GOAL ? 'PASS' : 'FAIL';
  console.log(
    `  time ${median.ratio.toFixed(2)}× the bare query (rounds ${rounds.map((r) => r.ratio.toFixed(2)).join(', ')}; goal ≤ ${RATIO_GOAL}: ${verdict})`,
  );
  return median.ratio;
}

/** Runs `measure` on PGlite, then on PostgreSQL when BENCH_DATABASE_URL names an empty database. */
export async function onEachDatabase(measure: (database: DatabaseHandle, label: string) => Promise<void>) {
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
}
