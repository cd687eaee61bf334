/**
 * Benchmark: a practice's audit log (GET /api/audit, 50 rows a page: the first page and page 100) among
 * BENCH_AUDIT_ROWS rows of 5,000 practices spread over three years of monthly partitions. The listed practice has
 * BENCH_AUDIT_PRACTICE_ROWS of them (20,000: the average share at 100 million rows), so a larger table changes only
 * what the practice's query must not look at. Prints p50/p99 of BENCH_AUDIT_REQUESTS requests one after another, and
 * the plan of the page query.
 * Run: npm run bench:audit-log   (BENCH_DATABASE_URL for PostgreSQL; BENCH_AUDIT_ROWS, default 1,000,000; the
 * embedded database gets BENCH_AUDIT_EMBEDDED_ROWS, by default the same up to 1,000,000, 0 to skip it;
 * BENCH_AUDIT_REUSE=1 measures a PostgreSQL database an earlier run filled, without filling it again)
 */
import { type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type DatabaseHandle, openDatabase, queryRows } from '../apps/api/src/db/client.js';
import { customers } from '../apps/api/src/db/schema.js';
import { hashPassword } from '../apps/api/src/lib/passwords.js';
import { practiceScope } from '../apps/api/src/lib/scope.js';
import { linkUserToCustomer } from '../apps/api/src/modules/users/user-customers.repo.js';
import { insertUser } from '../apps/api/src/modules/users/users.repo.js';
import { Role } from '../packages/shared/src/index.js';
import { PASSWORD, signIn, startBenchApp } from './support.js';

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000);
// PGlite fills at a fraction of PostgreSQL's speed: a run at 100 million rows is a PostgreSQL run.
const EMBEDDED_ROWS = Number(process.env.BENCH_AUDIT_EMBEDDED_ROWS ?? Math.min(ROWS, 1_000_000));
const PRACTICE_ROWS = Number(process.env.BENCH_AUDIT_PRACTICE_ROWS ?? 20_000);
const REQUESTS = Number(process.env.BENCH_AUDIT_REQUESTS ?? 200);
const MONTHS = 36;
const OTHER_PRACTICES = 4_999;
const BATCH = 100_000;
const LATER_PAGE = 100;

/** The practice to list, with its owner (who may read the log). */
async function seedOwner(database: DatabaseHandle) {
  const [practice] = await database.systemDb.insert(customers).values({ name: 'Bench-Praxis' }).returning();
  if (!practice) throw new Error('no practice');
  const email = `bench-audit-${Date.now()}@example.org`;
  const owner = await insertUser(database.systemDb, {
    email,
    passwordHash: await hashPassword(PASSWORD),
    roles: Role.THERAPIST | Role.CUSTOMER_ADMIN,
    firstName: 'Olga',
    lastName: 'Owner',
    isConfirmed: true,
  });
  await linkUserToCustomer(database.systemDb, practiceScope(practice.id), owner.id);
  return { practiceId: practice.id, ownerId: owner.id, email };
}

/**
 * ROWS rows in SQL (generate_series), at random instants of the last MONTHS months, four reads to one change: every
 * `step`-th row is the listed practice's, the others belong to practices that exist only in the log.
 */
async function fill(bulk: Bulk, rows: number, practiceId: number, ownerId: number) {
  await bulk(
    sql`SELECT audit_log_add_month(retention_class,
                 (date_trunc('month', now() AT TIME ZONE 'Europe/Berlin') - months_back * interval '1 month')::date)
          FROM (VALUES ('billing'), ('reads')) AS classes (retention_class), generate_series(0, ${MONTHS}) AS months_back`,
  );
  const step = Math.max(1, Math.floor(rows / PRACTICE_ROWS));
  const started = performance.now();
  // As a restore does: rows first, then the secondary indexes built once, sorted. Kept up row by row, the random
  // (customer, time) keys made a 100-million-row fill take hours; the indexes that come out are the app's own.
  const secondary = await queryBulk<{ name: string; definition: string }>(
    bulk,
    sql`SELECT indexname AS name, indexdef AS definition FROM pg_indexes
         WHERE tablename = 'audit_log' AND indexdef NOT LIKE 'CREATE UNIQUE%'`,
  );
  for (const index of secondary) await bulk(sql.raw(`DROP INDEX "${index.name}"`));
  for (let first = 0; first < rows; first += BATCH) {
    const last = Math.min(first + BATCH, rows) - 1;
    await bulk(sql`
      INSERT INTO audit_log (at, actor_user_id, customer_id, patient_id, action, resource, resource_id, outcome, retention)
      SELECT now() - random() * ${MONTHS * 30} * interval '1 day',
             CASE WHEN i % ${step} = 0 THEN ${ownerId} ELSE 1 END,
             CASE WHEN i % ${step} = 0 THEN ${practiceId} ELSE 1000000 + i % ${OTHER_PRACTICES} END,
             i % 20000,
             CASE WHEN i % 5 = 0 THEN 'update' ELSE 'read' END,
             'patient', (i % 20000)::text, 'success',
             CASE WHEN i % 5 = 0 THEN 'billing' ELSE 'reads' END
        FROM generate_series(${first}::bigint, ${last}::bigint) AS i`);
  }
  await bulk(sql`SET maintenance_work_mem = '1GB'`);
  // The parent's definition reads "ON ONLY": as written it would index no partition.
  for (const index of secondary) await bulk(sql.raw(index.definition.replace(' ON ONLY ', ' ON ')));
  // Autovacuum would do the same soon after such a load: statistics, and the visibility map for index-only scans.
  await bulk(sql`VACUUM (ANALYZE) audit_log`);
  await bulk(sql`ANALYZE`);
  console.log(`filled ${rows.toLocaleString('en')} rows in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** Runs the load's statements as the tables' owner in the system scope, without the app's statement timeout. */
type Bulk = (query: SQL) => Promise<unknown>;

async function queryBulk<Row>(bulk: Bulk, query: SQL): Promise<Row[]> {
  const result = (await bulk(query)) as { rows?: Row[] } | Row[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

async function openBulk(database: DatabaseHandle): Promise<{ bulk: Bulk; close: () => Promise<unknown> }> {
  if (database.kind === 'pglite') return { bulk: (query) => database.ownerDb.execute(query), close: async () => {} };
  const client = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await client.connect();
  await client.query(`SET app.practice_id = 'system'`);
  const db = drizzle({ client });
  return { bulk: (query) => db.execute(query), close: () => client.end() };
}

/** The page query of pageAuditRows in plain SQL (without the name joins, which only look up 50 rows): for its plan. */
async function printPlan(database: DatabaseHandle, practiceId: number, offset: number) {
  const plan = await queryRows<{ 'QUERY PLAN': string }>(
    database.systemDb,
    sql`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
        SELECT id, at, action FROM audit_log WHERE customer_id = ${practiceId}
         ORDER BY at DESC, id DESC LIMIT 50 OFFSET ${offset}`,
  );
  const lines = plan.map((row) => row['QUERY PLAN']);
  // The partitions' index scans repeat one line each; the head and the tail tell the story.
  console.log([...lines.slice(0, 8), `  … ${lines.length} lines …`, ...lines.slice(-3)].join('\n'));
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;

async function timeRequests(url: string, cookie: string) {
  const times: number[] = [];
  for (let request = 0; request < REQUESTS + 10; request += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { list: unknown[] };
    if (body.list.length === 0) throw new Error(`${url}: an empty page`);
    // The first ten warm the caches and the plans.
    if (request >= 10) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

/**
 * The practice an earlier run filled the log for, when BENCH_AUDIT_REUSE=1 asks to measure again without the fill
 * (half an hour at 100 million rows).
 */
async function filledPractice(database: DatabaseHandle) {
  const [found] = await queryRows<{ practice_id: number; owner_id: number; email: string }>(
    database.systemDb,
    sql`SELECT c.id AS practice_id, u.id AS owner_id, u.email FROM customers c
          JOIN user_customers uc ON uc.customer_id = c.id JOIN users u ON u.id = uc.user_id
         WHERE c.name = 'Bench-Praxis' AND EXISTS (SELECT 1 FROM audit_log a WHERE a.customer_id = c.id)
         ORDER BY c.id DESC LIMIT 1`,
  );
  return found ? { practiceId: found.practice_id, ownerId: found.owner_id, email: found.email } : undefined;
}

async function measure(database: DatabaseHandle, label: string, rows: number) {
  const reused = process.env.BENCH_AUDIT_REUSE === '1' ? await filledPractice(database) : undefined;
  const { practiceId, ownerId, email } = reused ?? (await seedOwner(database));
  const { bulk, close } = await openBulk(database);
  if (!reused) await fill(bulk, rows, practiceId, ownerId);
  // Counted without the app's statement timeout: a count of 100 million rows takes longer.
  const [size] = await queryBulk<{ rows: string; partitions: number }>(
    bulk,
    sql`SELECT (SELECT count(*) FROM audit_log)::text AS rows,
               (SELECT count(*)::int FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhparent
                 WHERE c.relname IN ('audit_log_billing', 'audit_log_reads')) AS partitions`,
  );
  await close();
  console.log(
    `${label}: ${size?.rows} audit rows in ${size?.partitions} partitions, the practice's share about ${PRACTICE_ROWS}`,
  );
  const app = await startBenchApp(database);
  const cookie = await signIn(app.url, email);
  for (const page of [1, LATER_PAGE]) {
    const { p50, p99 } = await timeRequests(`${app.url}/api/audit?limit=50&page=${page}`, cookie);
    console.log(`${label} GET /api/audit page ${page}: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`);
    await printPlan(database, practiceId, (page - 1) * 50);
  }
  await app.close();
}

if (EMBEDDED_ROWS > 0) {
  const pglite = await openDatabase({});
  await measure(pglite, 'PGlite', EMBEDDED_ROWS);
  await pglite.close();
}
if (process.env.BENCH_DATABASE_URL) {
  const postgres = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL });
  await measure(postgres, 'PostgreSQL', ROWS);
  await postgres.close();
} else {
  console.log('Set BENCH_DATABASE_URL (an empty PostgreSQL database) to run it on PostgreSQL.');
}
