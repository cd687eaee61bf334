import autocannon from 'autocannon';
import type { DatabaseHandle } from '../apps/api/src/db/client.js';
import { customers } from '../apps/api/src/db/schema.js';
import { hashPassword } from '../apps/api/src/modules/auth/passwords.js';
import { insertUser, linkUserToCustomer } from '../apps/api/src/modules/users/users.repo.js';
import { Role } from '../packages/shared/src/index.js';

/** What the list benchmarks share: the load run and a signed-up therapist in a practice of their own. */
export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
export const PASSWORD = 'Bench-Passwort-2026!';

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
  const [practice] = await database.db.insert(customers).values({ name: 'Bench-Praxis' }).returning();
  if (!practice) throw new Error('no practice');
  const email = `${emailPrefix}-${Date.now()}@example.org`;
  const therapist = await insertUser(database.db, {
    email,
    passwordHash: await hashPassword(PASSWORD),
    roles: Role.THERAPIST,
    firstName: 'Bea',
    lastName: 'Bench',
    isConfirmed: true,
  });
  await linkUserToCustomer(database.db, therapist.id, practice.id);
  return { practice, therapist, email };
}
