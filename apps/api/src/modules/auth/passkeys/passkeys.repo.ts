import { and, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { passkeys } from '../../../db/schema.js';

export type PasskeyRow = typeof passkeys.$inferSelect;

export async function insertPasskey(db: Executor, values: typeof passkeys.$inferInsert): Promise<PasskeyRow> {
  const [row] = await db.insert(passkeys).values(values).returning();
  if (!row) throw new Error('passkey insert returned no row');
  return row;
}

export async function findPasskeysOfUser(db: Executor, userId: number): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(passkeys.createdAt, passkeys.id);
}

export async function findPasskeyByCredentialId(db: Executor, credentialId: string): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return row;
}

export async function isCredentialIdTaken(db: Executor, credentialId: string): Promise<boolean> {
  return (await findPasskeyByCredentialId(db, credentialId)) !== undefined;
}

/** Renames the user's passkey; undefined when the user has no passkey of that id. */
export async function renamePasskey(
  db: Executor,
  userId: number,
  id: number,
  name: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row;
}

/** Removes the user's passkey; undefined when the user has no passkey of that id. */
export async function deletePasskey(db: Executor, userId: number, id: number): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row;
}

/** Every passkey of the user (an owner's reset of a member's second factors); returns how many there were. */
export async function deletePasskeysOfUser(db: Executor, userId: number): Promise<number> {
  const rows = await db.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
  return rows.length;
}

export async function countPasskeysOfUser(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  return row?.count ?? 0;
}

/**
 * Records a use with the authenticator's new counter. The counter must grow (a cloned authenticator repeats one);
 * authenticators that keep no counter always send 0. False when another sign-in with the same counter came first.
 */
export async function recordPasskeyUse(db: Executor, id: number, counter: number): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter, lastUsedAt: new Date() })
    .where(and(eq(passkeys.id, id), or(sql`${passkeys.counter} < ${counter}`, sql`${counter} = 0`)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}
