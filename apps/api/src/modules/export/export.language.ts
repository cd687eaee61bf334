import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';

/** The caller's language, for the translated name of the download. */
export async function findUserLanguage(db: Executor, userId: number): Promise<'de' | 'en'> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row?.language ?? 'de';
}
