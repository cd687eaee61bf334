/**
 * Benchmark: the public therapist search (GET /api/user/searchPostalCode) with 100,000 listed therapists in practices
 * at random German postal codes, a third of them with free future slots, plus practices the search must not list.
 * Sequential requests (one at a time, so the numbers are the latency of one search, not a queue) for random postal
 * codes, pages 1 to 3, limit 40. Goal (issue 9 §3): p99 ≤ 25 ms on PostgreSQL, ≤ 60 ms on PGlite.
 * Run: npm run bench:therapist-search   (BENCH_DATABASE_URL for PostgreSQL, an empty database;
 * BENCH_THERAPISTS to change 100,000, BENCH_REQUESTS 1,000, BENCH_WARM_UP 100; BENCH_EXPLAIN=1 prints query plans)
 */
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, openDatabase, queryRows } from '../apps/api/src/db/client.js';
import { searchTherapistsQuery } from '../apps/api/src/modules/booking/therapist-search.repo.js';
import { Role } from '../packages/shared/src/index.js';
import { analyzeTables, startBenchApp } from './support.js';

const THERAPISTS = Number(process.env.BENCH_THERAPISTS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000);
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 100);
const LIMIT = 40;
/** Two therapists per practice on average: practice n has one, two or three (n mod 3). */
const PRACTICES = Math.ceil(THERAPISTS / 2);
/** Practices in their trial, deactivated or cancelled, each with a therapist: rows the search must skip. */
const UNLISTED_PRACTICES = Math.ceil(PRACTICES / 20);
const GOAL_MS = { PGlite: 60, PostgreSQL: 25 } as const;

/** mulberry32: a small seeded PRNG, so every run seeds and asks the same postal codes. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

async function postalCodes(database: DatabaseHandle): Promise<string[]> {
  const rows = await queryRows<{ postal_code: string }>(
    database.systemDb,
    sql`SELECT postal_code FROM postal_codes ORDER BY postal_code`,
  );
  return rows.map((row) => row.postal_code);
}

/**
 * Bulk SQL seed, tagged with a run id so it never meets other rows: practice n (listed ones first, then the
 * unlisted) at a random postal code; therapist i in practice ((i - 1) mod PRACTICES) + 1, so practices hold one to
 * three; every third therapist with an appointment type (every other of them with a one-day booking deadline) and
 * three free slots in the coming days plus one taken and one past.
 */
async function seed(database: DatabaseHandle, codes: string[]) {
  const db = database.systemDb;
  const run = Date.now().toString(36);
  const tagged = `bench-search-${run}-%`;
  const random = prng(42);
  const practiceCodes = Array.from(
    { length: PRACTICES + UNLISTED_PRACTICES },
    () => codes[Math.floor(random() * codes.length)],
  );
  const started = performance.now();
  await db.execute(sql`
    INSERT INTO customers (name, street, postal_code, city, trial_expires_at, deactivated, status)
    SELECT 'Bench-Praxis ' || ${run}::text || ' ' || n, 'Bankweg ' || n, code, pc.place,
      CASE WHEN n > ${PRACTICES}::int AND n % 3 = 0 THEN now() + interval '14 days' END,
      n > ${PRACTICES}::int AND n % 3 = 1,
      CASE WHEN n > ${PRACTICES}::int AND n % 3 = 2 THEN 'canceled' ELSE 'active' END
    FROM unnest(string_to_array(${practiceCodes.join(',')}, ',')) WITH ORDINALITY AS t(code, n)
    JOIN postal_codes pc ON pc.postal_code = t.code`);
  // Listed therapists, then one per unlisted practice.
  await db.execute(sql`
    INSERT INTO users (email, roles, first_name, last_name, title, job_title_type, is_confirmed, avatar_key)
    SELECT 'bench-search-' || ${run}::text || '-' || i || '@example.org',
      CASE WHEN i % 10 = 0 THEN ${Role.THERAPIST_DRS}::int ELSE ${Role.THERAPIST}::int END,
      'Thea' || i, 'Therapeutin', CASE WHEN i % 4 = 0 THEN 'Dr.' END, 'psychotherapist', true,
      CASE WHEN i % 5 = 0 THEN 'avatars/' || i END
    FROM generate_series(1, ${THERAPISTS + UNLISTED_PRACTICES}::int) AS i`);
  await db.execute(sql`
    INSERT INTO user_customers (user_id, customer_id)
    SELECT u.id, c.id
    FROM (
      SELECT id, split_part(split_part(email, '@', 1), '-', 4)::int AS i FROM users
      WHERE email LIKE ${tagged}
    ) u
    JOIN customers c ON c.name = 'Bench-Praxis ' || ${run}::text || ' ' ||
      CASE WHEN u.i <= ${THERAPISTS}::int THEN (u.i - 1) % ${PRACTICES}::int + 1 ELSE ${PRACTICES}::int + u.i - ${THERAPISTS}::int END`);
  await db.execute(sql`
    INSERT INTO appointment_types (customer_id, user_id, name, duration_minutes, location, booking_deadline)
    SELECT uc.customer_id, uc.user_id, 'Erstgespräch', 50, 'onSite', CASE WHEN uc.user_id % 2 = 0 THEN 'P1D' ELSE 'none' END
    FROM user_customers uc JOIN users u ON u.id = uc.user_id
    WHERE u.email LIKE ${tagged} AND uc.user_id % 3 = 0`);
  // Slots at 09:00, 10:00, … on the days ahead; day 0 is in the past, slot 1 taken.
  await db.execute(sql`
    INSERT INTO appointments (customer_id, therapist_id, appointment_type_id, state, starts_at, ends_at)
    SELECT t.customer_id, t.user_id, t.id, CASE WHEN s.slot = 1 THEN 'taken' ELSE 'available' END,
      date_trunc('day', now()) + (s.slot - 1) * interval '1 day' + interval '9 hours' + s.slot * interval '1 hour',
      date_trunc('day', now()) + (s.slot - 1) * interval '1 day' + interval '9 hours' + s.slot * interval '1 hour'
        + interval '50 minutes'
    FROM appointment_types t
    JOIN users u ON u.id = t.user_id AND u.email LIKE ${tagged}
    CROSS JOIN generate_series(0, 4) AS s(slot)`);
  // The planner needs the row counts: without them it sorts every listed pair instead of walking the index.
  await analyzeTables(database);
  const [counts] = await queryRows<{ practices: number; therapists: number; slots: number }>(
    db,
    sql`SELECT
      (SELECT count(*)::int FROM customers WHERE name LIKE ${`Bench-Praxis ${run} %`}) AS practices,
      (SELECT count(*)::int FROM user_customers uc JOIN users u ON u.id = uc.user_id
        WHERE u.email LIKE ${tagged}) AS therapists,
      (SELECT count(*)::int FROM appointments a JOIN users u ON u.id = a.therapist_id
        WHERE u.email LIKE ${tagged} AND a.state = 'available') AS slots`,
  );
  console.log(
    `  seeded ${counts?.practices} practices (${UNLISTED_PRACTICES} not listed), ${counts?.therapists} therapist assignments, ${counts?.slots} free slots in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

async function explain(database: DatabaseHandle, postalCode: string, page: number) {
  const plan = await queryRows<{ 'QUERY PLAN': string }>(
    database.systemDb,
    sql`EXPLAIN (ANALYZE, COSTS OFF) ${searchTherapistsQuery(postalCode, LIMIT, (page - 1) * LIMIT)}`,
  );
  console.log(`  EXPLAIN ANALYZE, ${postalCode} page ${page}:`);
  for (const row of plan) console.log(`    ${row['QUERY PLAN']}`);
}

async function measure(database: DatabaseHandle, label: keyof typeof GOAL_MS) {
  const codes = await postalCodes(database);
  await seed(database, codes);
  const app = await startBenchApp(database);
  const appUrl = app.url;
  const random = prng(7);
  const ask = async () => {
    const postalCode = codes[Math.floor(random() * codes.length)] ?? '10115';
    const page = 1 + Math.floor(random() * 3);
    const started = performance.now();
    const response = await fetch(
      `${appUrl}/api/user/searchPostalCode?postalCode=${postalCode}&limit=${LIMIT}&page=${page}`,
    );
    const body = (await response.json()) as { list: unknown[] };
    const ms = performance.now() - started;
    if (!response.ok || body.list.length === 0) throw new Error(`${postalCode} page ${page}: ${response.status}`);
    return ms;
  };
  for (let i = 0; i < WARM_UP; i += 1) await ask();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i += 1) times.push(await ask());
  times.sort((a, b) => a - b);
  const [p50, p95, p99] = [0.5, 0.95, 0.99].map((share) => percentile(times, share));
  const goal = GOAL_MS[label];
  console.log(
    `${label} search, ${THERAPISTS} therapists, ${REQUESTS} requests (pages 1-3, limit ${LIMIT}): p50 ${p50?.toFixed(1)} ms p95 ${p95?.toFixed(1)} ms p99 ${p99?.toFixed(1)} ms`,
  );
  console.log(`  goal p99 ≤ ${goal} ms: ${(p99 ?? Number.POSITIVE_INFINITY) <= goal ? 'PASS' : 'FAIL'}`);
  if (process.env.BENCH_EXPLAIN) {
    await explain(database, '10115', 1);
    await explain(database, '94032', 3);
  }
  await app.close();
}

const pglite = await openDatabase({});
await measure(pglite, 'PGlite');
await pglite.close();

if (process.env.BENCH_DATABASE_URL) {
  // The bulk seed runs longer than the 10 s statement timeout that guards requests.
  const postgres = await openDatabase({
    databaseUrl: process.env.BENCH_DATABASE_URL,
    timeouts: { statementMs: 600_000 },
  });
  await measure(postgres, 'PostgreSQL');
  await postgres.close();
} else {
  console.log('Set BENCH_DATABASE_URL (an empty PostgreSQL database) to run the same search on PostgreSQL.');
}
