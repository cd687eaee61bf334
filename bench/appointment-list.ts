/**
 * Benchmark: one week of a therapist's calendar (GET /api/appointment with therapistIds and the week's range) with
 * 3,000 appointments in the database, against a bare Fastify route running the same statements (session lookup and
 * the list query) on the same driver. Goal (issue 8): ≤ 1.3× the time of the bare query.
 * Run: npm run bench:appointment-list   (BENCH_DATABASE_URL for PostgreSQL, BENCH_SECONDS to change 5 s, BENCH_ROUNDS 3)
 */
import type { DatabaseHandle } from '../apps/api/src/db/client.js';
import { appointmentFees, appointments, users } from '../apps/api/src/db/schema.js';
import { forTherapist, noScope, practiceScope, systemScope } from '../apps/api/src/lib/scope.js';
import { hashToken } from '../apps/api/src/lib/tokens.js';
import { findLiveSession } from '../apps/api/src/modules/auth/session.repo.js';
import { listAppointments } from '../apps/api/src/modules/calendar/appointments.repo.js';
import { addPracticeDays, Role, startOfPracticeWeek } from '../packages/shared/src/index.js';
import {
  analyzeTables,
  compareWithBare,
  hourlySlot,
  onEachDatabase,
  seedBenchTherapist,
  signIn,
  startBareRoute,
  startBenchApp,
} from './support.js';

const APPOINTMENTS = Number(process.env.BENCH_APPOINTMENTS ?? 3_000);
const PER_DAY = 10;

/** A therapist with APPOINTMENTS hourly appointments, ten a day from a year back; two in three taken with a fee. */
async function seed(database: DatabaseHandle) {
  const { practice, therapist, email } = await seedBenchTherapist(database, 'bench-calendar');
  const [client] = await database.systemDb
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
    const isTaken = index % 3 !== 0;
    return {
      customerId: practice.id,
      therapistId: therapist.id,
      ...hourlySlot(firstDay, index, PER_DAY),
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
    const inserted = await database.systemDb
      .insert(appointments)
      .values(rows.slice(start, start + 500))
      .returning({ id: appointments.id, state: appointments.state });
    const taken = inserted.filter((row) => row.state === 'taken');
    if (taken.length) {
      await database.systemDb.insert(appointmentFees).values(
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
  await analyzeTables(database);
  const app = await startBenchApp(database);
  const cookie = await signIn(app.url, email);
  const sessionToken = cookie.split('=')[1] ?? '';

  // This week: Monday 00:00 to Sunday 24:00 German time, as the week view asks for it.
  const monday = startOfPracticeWeek(new Date());
  const nextMonday = addPracticeDays(monday, 7);
  const bare = await startBareRoute('/week', async () => {
    await findLiveSession(database.systemDb, systemScope('session lookup'), hashToken(sessionToken), new Date());
    // The therapist's own calendar, as their request's scope reaches it.
    const scope = forTherapist(practiceScope(practiceId), therapistId, 'calendars') ?? noScope;
    return listAppointments(database.systemDb, scope, {
      startFrom: monday,
      startTo: nextMonday,
      limit: 500,
      offset: 0,
    });
  });

  const query = new URLSearchParams({
    therapistIds: String(therapistId),
    appointmentStartFrom: monday.toISOString(),
    appointmentStartTo: nextMonday.toISOString(),
    limit: '500',
  });
  const api = `${app.url}/api/appointment?${query}`;
  const week = (await (await fetch(api, { headers: { cookie } })).json()) as { list: unknown[] };
  await compareWithBare(
    `${label} one week (${week.list.length} of ${APPOINTMENTS} appointments)`,
    { url: api, headers: { cookie } },
    bare.url,
  );
  await app.close();
  await bare.close();
}

await onEachDatabase(measure);
