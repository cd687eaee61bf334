import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { videoPatientLinks, videoSessions, videoTherapistTokens } from '../../db/schema.js';
import { type PracticeScope, practiceRows, type Scope } from '../../lib/scope.js';

export type TherapistTokenRow = typeof videoTherapistTokens.$inferSelect;
export type PatientLinkRow = typeof videoPatientLinks.$inferSelect;

export async function insertTherapistToken(db: Executor, values: typeof videoTherapistTokens.$inferInsert) {
  await db.insert(videoTherapistTokens).values(values);
}

export async function findTherapistToken(db: Executor, tokenHash: Uint8Array): Promise<TherapistTokenRow | undefined> {
  const rows = await db.select().from(videoTherapistTokens).where(eq(videoTherapistTokens.tokenHash, tokenHash));
  return rows[0];
}

/** The first join keeps the token good for rejoining until the appointment ends (see video.schema.ts). */
export async function markTherapistTokenJoined(db: Executor, tokenHash: Uint8Array, at: Date): Promise<void> {
  await db
    .update(videoTherapistTokens)
    .set({ joinedAt: at })
    .where(and(eq(videoTherapistTokens.tokenHash, tokenHash), isNull(videoTherapistTokens.joinedAt)));
}

/** The appointment's one patient link: a new one replaces the previous (its mail's link stops working). */
export async function replacePatientLink(db: Executor, values: typeof videoPatientLinks.$inferInsert) {
  await db.delete(videoPatientLinks).where(eq(videoPatientLinks.appointmentId, values.appointmentId));
  await db.insert(videoPatientLinks).values(values);
}

export async function findPatientLink(db: Executor, tokenHash: Uint8Array): Promise<PatientLinkRow | undefined> {
  const rows = await db.select().from(videoPatientLinks).where(eq(videoPatientLinks.tokenHash, tokenHash));
  return rows[0];
}

/** A cancelled, rejected or deleted appointment's tokens and links go at once (they are also checked on every use). */
export async function deleteVideoAccessOf(db: Executor, appointmentIds: number[]): Promise<void> {
  for (const appointmentId of appointmentIds) {
    await db.delete(videoPatientLinks).where(eq(videoPatientLinks.appointmentId, appointmentId));
    await db.delete(videoTherapistTokens).where(eq(videoTherapistTokens.appointmentId, appointmentId));
  }
}

/** A join in the scope's practice (the appointment's). */
export async function insertSessionJoin(
  db: Executor,
  practice: PracticeScope,
  values: { appointmentId: number; role: 'therapist' | 'patient'; joinedAt: Date },
): Promise<number> {
  const [row] = await db
    .insert(videoSessions)
    .values({ ...values, customerId: practice.practiceId })
    .returning({ id: videoSessions.id });
  if (!row) throw new Error('no video session row');
  return row.id;
}

export async function markSessionLeft(db: Executor, scope: Scope, id: number, at: Date): Promise<void> {
  await db
    .update(videoSessions)
    .set({ leftAt: at })
    .where(and(eq(videoSessions.id, id), practiceRows(scope, videoSessions.customerId)));
}

/** Deletes metadata joined before `cutoff`; returns how many rows went. */
export async function deleteSessionsJoinedBefore(db: Executor, scope: Scope, cutoff: Date): Promise<number> {
  const rows = await db
    .delete(videoSessions)
    .where(and(lt(videoSessions.joinedAt, cutoff), practiceRows(scope, videoSessions.customerId)))
    .returning({ id: videoSessions.id });
  return rows.length;
}

/** Therapist tokens that can no longer open anything: unused past their expiry, or joined more than a day ago. */
export async function deleteStaleTherapistTokens(db: Executor, now: Date): Promise<void> {
  await db
    .delete(videoTherapistTokens)
    .where(
      or(
        and(isNull(videoTherapistTokens.joinedAt), lt(videoTherapistTokens.expiresAt, now)),
        sql`${videoTherapistTokens.joinedAt} < ${now}::timestamptz - interval '1 day'`,
      ),
    );
}
