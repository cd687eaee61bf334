/**
 * Benchmark: the booking widget's week (GET /api/appointment/widget, public) of a therapist with 3,000 appointments
 * over a year (half of them free, four types with booking deadlines, one deactivated, and untyped slots), against a
 * bare Fastify route running only the range query of the answer (the week's bookable slots and the next one, with
 * the types and their deadlines known in advance) on the same driver. Both for the week step (type and insurance
 * chosen) and for a week of any type.
 * Goal (issue 9 §3): ≤ 1.3× the time of the bare range query. The widget reaches it by answering in one call of the
 * PL/pgSQL function widget_view (migration 0010), whose statements are planned once per connection; the bare query is
 * planned on every call, as an ad-hoc statement is. Three plain statements a request measured 2.5-4× here.
 * Run: npm run bench:widget-week   (BENCH_DATABASE_URL for PostgreSQL, BENCH_SECONDS to change 5 s, BENCH_ROUNDS 3)
 */
import { type SQL, sql } from 'drizzle-orm';
import { type DatabaseHandle, type Executor, queryRows } from '../apps/api/src/db/client.js';
import { appointments, appointmentTypes } from '../apps/api/src/db/schema.js';
import {
  addPracticeDays,
  bookableTypes,
  clampWidgetFrom,
  type SlotBounds,
  slotBounds,
  startOfPracticeWeek,
  WIDGET_HORIZON_DAYS,
  type WidgetAnswer,
  type WidgetFilter,
} from '../packages/shared/src/index.js';
import {
  compareWithBare,
  hourlySlot,
  onEachDatabase,
  seedBenchTherapist,
  startBareRoute,
  startBenchApp,
} from './support.js';

const APPOINTMENTS = Number(process.env.BENCH_APPOINTMENTS ?? 3_000);
/** Eight a day: 3,000 appointments span about a year, half a year back and half a year ahead. */
const PER_DAY = 8;

/** A therapist's calendar: every other appointment taken, the slots cycling through the types and untyped ones. */
async function seed(database: DatabaseHandle) {
  const { practice, therapist } = await seedBenchTherapist(database, 'bench-widget');
  const type = (name: string, values: Partial<typeof appointmentTypes.$inferInsert>) => ({
    customerId: practice.id,
    userId: therapist.id,
    name,
    durationMinutes: 50,
    location: 'onSite' as const,
    ...values,
  });
  const types = await database.systemDb
    .insert(appointmentTypes)
    .values([
      type('Erstgespräch', { insuranceType: 'legally', bookingDeadline: 'P1D' }),
      type('Probatorische Sitzung', { bookingDeadline: 'PT12H' }),
      type('Videosprechstunde', { insuranceType: 'privately', location: 'remote', bookingDeadline: 'P2D' }),
      type('Gruppentherapie (alt)', { bookingDeadline: 'none', deactivated: true }),
    ])
    .returning();
  const slotTypes = [...types.map((row) => row.id), null];
  const firstDay = addPracticeDays(startOfPracticeWeek(new Date()), -7 * 26);
  const rows = Array.from({ length: APPOINTMENTS }, (_, index) => {
    const isTaken = index % 2 === 1;
    return {
      customerId: practice.id,
      therapistId: therapist.id,
      appointmentTypeId: slotTypes[index % slotTypes.length] ?? null,
      ...hourlySlot(firstDay, index, PER_DAY),
      state: isTaken ? ('taken' as const) : ('available' as const),
      ...(isTaken
        ? { clientFirstName: 'Karl', clientLastName: `Klient${index}`, clientEmail: `k${index}@bench.example.org` }
        : {}),
    };
  });
  for (let start = 0; start < rows.length; start += 500) {
    await database.systemDb.insert(appointments).values(rows.slice(start, start + 500));
  }
  return { customerId: practice.id, therapistId: therapist.id, types };
}

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/**
 * The bare range query: two scans of appointments_therapist_start in index order (the window's bookable slots, and
 * the first bookable one up to the horizon), each slot kind at or after its earliest bookable start, as a caller
 * would run it who already knew the calendar was open and had the types' deadlines at hand.
 */
async function bareWeekSlots(
  db: Executor,
  query: { therapistId: number; customerId: number; from: Date; to: Date; horizonEnd: Date; bounds: SlotBounds },
) {
  const { bounds } = query;
  const typed = [...bounds.byType].map(
    ([typeId, earliest]) => sql`(a.appointment_type_id = ${typeId} AND a.starts_at >= ${at(earliest)})`,
  );
  const untyped: SQL[] = bounds.untyped
    ? [sql`(a.appointment_type_id IS NULL AND a.starts_at >= ${at(bounds.untyped)})`]
    : [];
  const base = sql`a.therapist_id = ${query.therapistId} AND a.customer_id = ${query.customerId}
    AND a.state = 'available' AND (${sql.join([...typed, ...untyped], sql` OR `)})`;
  return queryRows<{ part: 'window' | 'next'; id: number }>(
    db,
    sql`
      (SELECT 'window' AS part, a.id, a.starts_at, a.ends_at, a.appointment_type_id FROM appointments a
        WHERE ${base} AND a.starts_at >= ${at(query.from)} AND a.starts_at < ${at(query.to)}
        ORDER BY a.starts_at LIMIT 2100)
      UNION ALL
      (SELECT 'next' AS part, a.id, a.starts_at, a.ends_at, a.appointment_type_id FROM appointments a
        WHERE ${base} AND a.starts_at >= ${at(bounds.untyped ?? query.from)} AND a.starts_at < ${at(query.horizonEnd)}
        ORDER BY a.starts_at LIMIT 1)`,
  );
}

async function measure(database: DatabaseHandle, label: string) {
  const { customerId, therapistId, types } = await seed(database);
  const app = await startBenchApp(database);
  // Next week, Monday to Monday German time: a whole week ahead, as the widget's week table asks for it.
  const from = addPracticeDays(startOfPracticeWeek(new Date()), 7);
  const to = addPracticeDays(from, 7);
  const firstVisit = types[0];
  if (!firstVisit) throw new Error('no type');
  const variants: { name: string; filter: WidgetFilter }[] = [
    {
      name: 'week step (type and insurance chosen)',
      filter: { appointmentTypeId: firstVisit.id, insuranceType: 'legally' },
    },
    { name: 'week of any type', filter: {} },
  ];
  for (const { name, filter } of variants) {
    // The bounds as the shared rules compute them at that moment; the types were read once, before the run.
    const bookable = bookableTypes(types, filter);
    const bare = await startBareRoute('/week', async () => {
      const now = new Date();
      return bareWeekSlots(database.systemDb, {
        therapistId,
        customerId,
        from: clampWidgetFrom(from, now),
        to,
        horizonEnd: addPracticeDays(now, WIDGET_HORIZON_DAYS),
        bounds: slotBounds(bookable, now),
      });
    });
    const query = new URLSearchParams({ therapistId: String(therapistId), customerId: String(customerId) });
    query.set('from', from.toISOString());
    query.set('to', to.toISOString());
    if (filter.appointmentTypeId) query.set('appointmentTypeId', String(filter.appointmentTypeId));
    if (filter.insuranceType) query.set('insuranceType', filter.insuranceType);
    const api = `${app.url}/api/appointment/widget?${query}`;
    const answer = (await (await fetch(api)).json()) as WidgetAnswer;
    const bareRows = (await (await fetch(bare.url)).json()) as { part: string; id: number }[];
    const bareIds = bareRows.filter((row) => row.part === 'window').map((row) => row.id);
    // Both sides must do the same work, or the ratio means nothing.
    const bareNext = bareRows.find((row) => row.part === 'next')?.id;
    const sameSlots = bareIds.join() === answer.slots.map((slot) => slot.id).join();
    if (answer.slots.length === 0 || !sameSlots || bareNext !== answer.nextFreeAppointment?.id) {
      throw new Error(`${name}: the widget and the bare query disagree`);
    }
    await compareWithBare(
      `${label} widget ${name}, ${answer.slots.length} free slots of ${APPOINTMENTS} appointments`,
      { url: api },
      bare.url,
    );
    await bare.close();
  }
  await app.close();
}

await onEachDatabase(measure);
