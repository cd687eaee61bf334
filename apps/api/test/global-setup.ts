import { openDatabase } from '../src/db/client.js';

/** On PostgreSQL all test files share one database: migrate it once before they start. */
export default async function setup(): Promise<void> {
  if (!process.env.DATABASE_URL) return;
  const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  await handle.close();
}
