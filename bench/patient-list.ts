/**
 * Benchmark: the patient list (GET /api/user?rolesList=2, 50 rows, with and without a search) of a therapist with
 * 10,000 patients in one practice, against a bare Fastify route running the same statements (session lookup and
 * the list query) on the same driver. Goal: ≤ 1.3× the time of the bare query.
 * Run: npm run bench:patient-list   (BENCH_DATABASE_URL for PostgreSQL, BENCH_SECONDS to change 5 s, BENCH_ROUNDS 3)
 */
import type { DatabaseHandle } from '../apps/api/src/db/client.js';
import { patients, userCustomers, users } from '../apps/api/src/db/schema.js';
import { systemScope } from '../apps/api/src/lib/scope.js';
import { hashToken } from '../apps/api/src/lib/tokens.js';
import { findLiveSession } from '../apps/api/src/modules/auth/session.repo.js';
import { listUsers } from '../apps/api/src/modules/users/user-list.repo.js';
import { Role } from '../packages/shared/src/index.js';
import {
  analyzeTables,
  compareWithBare,
  onEachDatabase,
  seedBenchTherapist,
  signIn,
  startBareRoute,
  startBenchApp,
} from './support.js';

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
  await analyzeTables(database);
  const app = await startBenchApp(database);
  const cookie = await signIn(app.url, email);
  const sessionToken = cookie.split('=')[1] ?? '';

  for (const [name, searchString] of [
    ['page 1', null],
    ['search "schul"', 'schul'],
  ] as const) {
    // The bare route runs the same statements as the endpoint: the session lookup, then the page.
    const bare = await startBareRoute('/patients', async () => {
      await findLiveSession(database.systemDb, systemScope('session lookup'), hashToken(sessionToken), new Date());
      return listUsers(database.systemDb, {
        mode: 'patients',
        customerIds: [practiceId],
        rolesMask: Role.REGISTERED,
        therapistId,
        searchString,
        orderBy: 'lastName',
        descending: false,
        limit: 50,
        offset: 0,
        subscriptionVisibleFor: [],
      });
    });
    const search = searchString ? `&searchString=${searchString}` : '';
    const api = `${app.url}/api/user?rolesList=2&limit=50&page=1${search}`;
    await compareWithBare(`${label} ${name}`, { url: api, headers: { cookie } }, bare.url);
    await bare.close();
  }
  await app.close();
}

await onEachDatabase(measure);
