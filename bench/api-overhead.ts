/**
 * Benchmark: an API list endpoint (GET /api/customer, 50 rows, signed in) against a bare Fastify route
 * running the same queries (session lookup, page) on the same driver, and the endpoint on PGlite against native PostgreSQL.
 * Goals (performance.md): ≥ 0.8× throughput and ≤ 1.25× p99 vs bare; PGlite ≤ 3× the Postgres latency.
 * Run: npm run bench   (set BENCH_DATABASE_URL to include PostgreSQL)
 */
import { type DatabaseHandle, openDatabase } from '../apps/api/src/db/client.js';
import { customers } from '../apps/api/src/db/schema.js';
import { hashPassword } from '../apps/api/src/lib/passwords.js';
import { systemScope } from '../apps/api/src/lib/scope.js';
import { hashToken } from '../apps/api/src/lib/tokens.js';
import { findLiveSession } from '../apps/api/src/modules/auth/session.repo.js';
import { listCustomers } from '../apps/api/src/modules/customers/customers.repo.js';
import { insertUser } from '../apps/api/src/modules/users/users.repo.js';
import { Role } from '../packages/shared/src/index.js';
import { analyzeTables, loadInRounds, PASSWORD, signIn, startBareRoute, startBenchApp } from './support.js';

async function measure(database: DatabaseHandle, label: string) {
  await database.systemDb.insert(customers).values(
    Array.from({ length: 200 }, (_, i) => ({
      name: `Bench-Praxis ${i}`,
      street: 'Weg 1',
      postalCode: '10115',
      city: 'Berlin',
    })),
  );
  const email = `bench-admin-${Date.now()}@example.org`;
  await insertUser(database.systemDb, {
    email,
    passwordHash: await hashPassword(PASSWORD),
    roles: Role.ADMIN,
    firstName: 'B',
    lastName: 'A',
    isConfirmed: true,
  });
  await analyzeTables(database);
  const app = await startBenchApp(database);
  const appUrl = app.url;
  const cookie = await signIn(appUrl, email);

  // The bare route runs the same statements as the endpoint: the session lookup, then the page.
  const sessionToken = cookie.split('=')[1] ?? '';
  const bare = await startBareRoute('/customers', async () => {
    await findLiveSession(database.systemDb, systemScope('session lookup'), hashToken(sessionToken), new Date());
    return listCustomers(database.systemDb, systemScope('platform admin'), { limit: 50, offset: 0 });
  });

  const { median, rounds } = await loadInRounds(
    { url: `${appUrl}/api/customer?limit=50&page=1`, headers: { cookie } },
    bare.url,
  );
  await app.close();
  await bare.close();
  const { api: apiResult, bare: bareResult } = median;
  const throughput = apiResult.rps / bareResult.rps;
  const p99 = apiResult.p99 / Math.max(bareResult.p99, 1);
  console.log(
    `${label}: API ${apiResult.rps.toFixed(0)} req/s p99 ${apiResult.p99} ms | bare ${bareResult.rps.toFixed(0)} req/s p99 ${bareResult.p99} ms (median of ${rounds.length} rounds)`,
  );
  console.log(
    `  throughput ${throughput.toFixed(2)}× (goal ≥ 0.8: ${throughput >= 0.8 ? 'met' : 'MISSED'}), p99 ${p99.toFixed(2)}× (goal ≤ 1.25: ${p99 <= 1.25 ? 'met' : 'MISSED'})`,
  );
  return apiResult;
}

const pglite = await openDatabase({});
const pgliteResult = await measure(pglite, 'PGlite');
await pglite.close();

const postgresUrl = process.env.BENCH_DATABASE_URL;
if (postgresUrl) {
  const postgres = await openDatabase({ databaseUrl: postgresUrl });
  const postgresResult = await measure(postgres, 'PostgreSQL');
  await postgres.close();
  const ratio = pgliteResult.mean / postgresResult.mean;
  console.log(`PGlite vs PostgreSQL mean latency ${ratio.toFixed(2)}× (goal ≤ 3: ${ratio <= 3 ? 'met' : 'MISSED'})`);
} else {
  console.log('Set BENCH_DATABASE_URL (an empty PostgreSQL database) to compare PGlite with PostgreSQL.');
}
