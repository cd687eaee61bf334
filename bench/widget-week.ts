/**
 * Benchmark: the booking widget's week (GET /api/appointment/widget, public) of a therapist with 3,000 appointments
 * over a year (half of them free, four types with booking deadlines, one deactivated, and untyped slots), against a
 * bare Fastify route running only the range query of the answer (the week's bookable slots and the next one, with
 * the types and their deadlines known in advance) on the same driver. Both for the week step (type and insurance
 * chosen) and for a week of any type.
 * Goal: ≤ 1.3× the time of the bare range query. The widget answers in one call of the PL/pgSQL function
 * widget_view (migration 0019), one statement planned once per connection; so the bare range query is the same
 * SQL prepared once (support.ts prepareOnce), not planned on every call as an ad-hoc statement would be.
 * On PostgreSQL an app process keeps each answer in memory until the database announces a change of its calendar
 * (booking/widget-answer-cache.ts): the goal is measured as visitors meet it, every request after the week's first
 * answered from memory. A second line measures every answer read from the database, as right after each change
 * (the app started with keepWidgetAnswers: false); PGlite keeps nothing, so there both lines read.
 * Run: npm run bench:widget-week   (BENCH_DATABASE_URL for PostgreSQL, BENCH_SECONDS to change 5 s, BENCH_ROUNDS 3)
 */
import type { DatabaseHandle } from '../apps/api/src/db/client.js';
import { appointments, appointmentTypes } from '../apps/api/src/db/schema.js';
import { WINDOW_SLOT_CAP } from '../apps/api/src/modules/booking/widget-view.repo.js';
import {
  addPracticeDays,
  bookableTypes,
  clampWidgetFrom,
  slotBounds,
  startOfPracticeWeek,
  WIDGET_HORIZON_DAYS,
  type WidgetAnswer,
  type WidgetFilter,
} from '../packages/shared/src/index.js';
import {
  analyzeTables,
  compareWithBare,
  hourlySlot,
  onEachDatabase,
  prepareOnce,
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

/**
 * The bare range query: the two range scans of widget_view (the window's bookable slots, and the first bookable
 * one up to the horizon), in one round trip and prepared once, as a caller would run them who already knew the
 * calendar was open and had the types' deadlines at hand. Parameters: therapist, practice, window start and end,
 * horizon end, the smallest bound (untyped slots), the bookable types with their bounds, the window's cap.
 */
const WEEK_SLOTS_SQL = `
  (SELECT 'window' AS part, a.id, a.starts_at, a.ends_at, a.appointment_type_id FROM appointments a
    WHERE a.therapist_id = $1::int AND a.customer_id = $2::int AND a.state = 'available'
      AND a.starts_at >= greatest($3::timestamptz, $6::timestamptz) AND a.starts_at < $4::timestamptz
      AND (a.appointment_type_id IS NULL
        OR a.starts_at >= ($8::timestamptz[])[array_position($7::int[], a.appointment_type_id)])
    ORDER BY a.starts_at LIMIT $9::int)
  UNION ALL
  (SELECT 'next' AS part, a.id, a.starts_at, a.ends_at, a.appointment_type_id FROM appointments a
    WHERE a.therapist_id = $1::int AND a.customer_id = $2::int AND a.state = 'available'
      AND a.starts_at >= $6::timestamptz AND a.starts_at < $5::timestamptz
      AND (a.appointment_type_id IS NULL
        OR a.starts_at >= ($8::timestamptz[])[array_position($7::int[], a.appointment_type_id)])
    ORDER BY a.starts_at LIMIT 1)`;
async function measure(database: DatabaseHandle, label: string) {
  const { customerId, therapistId, types } = await seed(database);
  await analyzeTables(database);
  const app = await startBenchApp(database);
  const reading = await startBenchApp(database, { keepWidgetAnswers: false });
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
  const weekSlots = await prepareOnce<{ part: 'window' | 'next'; id: number }>(
    database,
    'bench_widget_week',
    WEEK_SLOTS_SQL,
  );
  for (const { name, filter } of variants) {
    // The bounds as the shared rules compute them at that moment; the types were read once, before the run.
    const bookable = bookableTypes(types, filter);
    const bare = await startBareRoute('/week', async () => {
      const now = new Date();
      const bounds = slotBounds(bookable, now);
      return weekSlots([
        therapistId,
        customerId,
        clampWidgetFrom(from, now),
        to,
        addPracticeDays(now, WIDGET_HORIZON_DAYS),
        bounds.untyped,
        [...bounds.byType.keys()],
        [...bounds.byType.values()],
        WINDOW_SLOT_CAP,
      ]);
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
    const measured = `${label} widget ${name}, ${answer.slots.length} free slots of ${APPOINTMENTS} appointments`;
    await compareWithBare(measured, { url: api }, bare.url);
    const readEachTime = api.replace(app.url, reading.url);
    await compareWithBare(`${measured}, every answer read from the database`, { url: readEachTime }, bare.url);
    await bare.close();
  }
  await reading.close();
  await app.close();
}

await onEachDatabase(measure);
