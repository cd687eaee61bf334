import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { calendarSettings } from '../../db/schema.js';

export type CalendarSettingsRow = typeof calendarSettings.$inferSelect;

export async function findCalendarSettings(db: Executor, userId: number): Promise<CalendarSettingsRow | undefined> {
  const rows = await db.select().from(calendarSettings).where(eq(calendarSettings.userId, userId)).limit(1);
  return rows[0];
}

/** Writes a therapist's settings, creating the row on first use (a therapist without one has the defaults). */
export async function saveCalendarSettings(
  db: Executor,
  userId: number,
  values: Partial<Pick<CalendarSettingsRow, 'onsiteNotificationDefault' | 'feedSecretHash'>>,
): Promise<CalendarSettingsRow> {
  const [row] = await db
    .insert(calendarSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: calendarSettings.userId, set: { ...values, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}

/** The on-site notification default of a therapist (on unless they turned it off). */
export async function isOnsiteNotificationOn(db: Executor, userId: number): Promise<boolean> {
  return (await findCalendarSettings(db, userId))?.onsiteNotificationDefault ?? true;
}

/** The therapist whose feed secret hashes to this (the feed URL's only credential). */
export async function findTherapistByFeedSecret(db: Executor, secretHash: Uint8Array): Promise<number | undefined> {
  const rows = await db
    .select({ userId: calendarSettings.userId })
    .from(calendarSettings)
    .where(eq(calendarSettings.feedSecretHash, secretHash))
    .limit(1);
  return rows[0]?.userId;
}
