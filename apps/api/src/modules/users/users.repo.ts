import { and, eq, exists, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { customers, userCustomers, users } from '../../db/schema.js';
import { practiceRows, type Scope } from '../../lib/scope.js';
import { assignmentRows } from './user-customers.repo.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/** The sign-in account with this address (patient records without an account share addresses freely). */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, eq(users.isAccount, true)))
    .limit(1);
  return rows[0];
}

/** Whether a sign-in account other than `exceptUserId` has this address. */
export async function isEmailTaken(db: Executor, email: string, exceptUserId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
        eq(users.isAccount, true),
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const rows = await db.insert(users).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Sets a user's avatar key under a row lock and answers the key it replaced (null when there was none). */
export async function swapAvatarKey(db: Executor, id: number, avatarKey: string | null): Promise<string | null> {
  const [row] = await db.select({ avatarKey: users.avatarKey }).from(users).where(eq(users.id, id)).for('update');
  await db.update(users).set({ avatarKey }).where(eq(users.id, id));
  return row?.avatarKey ?? null;
}

export async function updateUser(db: Executor, id: number, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
}

/**
 * A user the scope reaches as staff: a member of its practice, anyone for the system scope (the platform admin).
 * Anyone else answers like a missing user.
 */
export async function findUserInScope(db: Executor, scope: Scope, id: number): Promise<UserRow | undefined> {
  const isMember = exists(
    db
      .select({ id: userCustomers.id })
      .from(userCustomers)
      .where(and(eq(userCustomers.userId, users.id), assignmentRows(scope))),
  );
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), scope.kind === 'system' ? undefined : isMember))
    .limit(1);
  return rows[0];
}

/** The user's practices the scope sees. */
export async function findCustomersOfUser(db: Executor, scope: Scope, userId: number) {
  return db
    .select({
      id: customers.id,
      name: customers.name,
      status: customers.status,
      deactivated: customers.deactivated,
      trialExpiresAt: customers.trialExpiresAt,
      requireTwoFactor: customers.requireTwoFactor,
    })
    .from(userCustomers)
    .innerJoin(customers, eq(customers.id, userCustomers.customerId))
    .where(and(eq(userCustomers.userId, userId), practiceRows(scope, userCustomers.customerId)))
    .orderBy(customers.id);
}
