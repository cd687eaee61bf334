/** The app under test of embedded-load.ts: the real app on PGlite in a data directory, with demo data. */

import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/api/src/app.js';
import { readConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { appointments } from '../apps/api/src/db/schema.js';
import { DEMO_PASSWORD } from '../apps/api/src/seed/demo.js';
import { findUserId, practiceOf } from '../apps/api/src/seed/demo-calendar.js';
import { addPracticeDays, startOfPracticeWeek } from '../packages/shared/src/index.js';
import { hourlySlot, signIn } from './support.js';

const APPOINTMENTS = Number(process.env.BENCH_APPOINTMENTS ?? 3_000);

export type Targets = { calendar: string; widget: string; health: string; cookie: string };

/** Starts the app, sends the URLs to the parent process, and stops when it says so. */
export async function serveLoadTarget(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'praxia-load-'));
  const database = await openDatabase({ dataDir });
  const app = await buildApp({
    config: { ...readConfig({}), dataDir, seedDemo: true },
    database,
    serveWeb: false,
    // All load comes from one address: the per-IP limits still run, scaled out of the way.
    rateLimits: { scale: 1_000_000 },
  });
  const therapistId = await findUserId(database.systemDb, 'therapeutin@example.org');
  const customerId = therapistId === undefined ? undefined : await practiceOf(database.systemDb, therapistId);
  if (therapistId === undefined || customerId === undefined) throw new Error('no demo therapist');
  // Ten a day up to this week; a slot that overlaps a demo appointment is left out (the exclusion constraint).
  const monday = startOfPracticeWeek(new Date());
  const firstDay = addPracticeDays(monday, -Math.ceil(APPOINTMENTS / 10));
  const rows = Array.from({ length: APPOINTMENTS }, (_, index) => ({
    customerId,
    therapistId,
    ...hourlySlot(firstDay, index, 10),
    state: index % 3 === 0 ? ('available' as const) : ('taken' as const),
    clientFirstName: 'Karl',
    clientLastName: `Klient${index}`,
  }));
  for (let start = 0; start < rows.length; start += 500) {
    await database.systemDb
      .insert(appointments)
      .values(rows.slice(start, start + 500))
      .onConflictDoNothing();
  }
  const url = await app.listen({ port: 0, host: '127.0.0.1' });

  const cookie = await signIn(url, 'therapeutin@example.org', DEMO_PASSWORD);
  const week = new URLSearchParams({
    therapistIds: String(therapistId),
    appointmentStartFrom: monday.toISOString(),
    appointmentStartTo: addPracticeDays(monday, 7).toISOString(),
    limit: '500',
  });
  const widget = new URLSearchParams({
    therapistId: String(therapistId),
    customerId: String(customerId),
    from: addPracticeDays(monday, 7).toISOString(),
    to: addPracticeDays(monday, 14).toISOString(),
  });
  const targets: Targets = {
    calendar: `${url}/api/appointment?${week}`,
    widget: `${url}/api/appointment/widget?${widget}`,
    health: `${url}/api/health`,
    cookie,
  };
  for (const target of [targets.calendar, targets.widget, targets.health]) {
    const answer = await fetch(target, { headers: { cookie } });
    if (!answer.ok) throw new Error(`${target}: ${answer.status} ${await answer.text()}`);
  }
  process.send?.(targets);
  await once(process, 'message');
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.disconnect?.();
}
