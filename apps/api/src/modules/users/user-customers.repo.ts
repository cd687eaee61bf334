import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { userCustomers } from '../../db/schema.js';
import { type PracticeScope, practiceRows, type Scope } from '../../lib/scope.js';

/**
 * SQL: the practice assignments a caller manages as staff: those of its practice, every one for the system scope.
 * A patient's scope manages none (unlike the rows it sees).
 */
export const assignmentRows = (scope: Scope): SQL =>
  scope.kind === 'patient' ? sql`false` : practiceRows(scope, userCustomers.customerId);

/** Puts a user into the practice (an assignment that exists already stays as it is). */
export async function linkUserToCustomer(db: Executor, practice: PracticeScope, userId: number): Promise<void> {
  await db.insert(userCustomers).values({ userId, customerId: practice.practiceId }).onConflictDoNothing();
}

/** A user's practice assignments the scope sees, with their own deactivated flags (people §3 customerUsers). */
export async function findAssignmentsOfUser(db: Executor, scope: Scope, userId: number) {
  return db
    .select({ id: userCustomers.id, customerId: userCustomers.customerId, deactivated: userCustomers.deactivated })
    .from(userCustomers)
    .where(and(eq(userCustomers.userId, userId), practiceRows(scope, userCustomers.customerId)))
    .orderBy(userCustomers.customerId);
}

/** The assignments of the listed users that the caller manages (the staff list's row actions). */
export async function listAssignmentsOfUsers(db: Executor, scope: Scope, userIds: number[]) {
  return db
    .select({
      id: userCustomers.id,
      userId: userCustomers.userId,
      customerId: userCustomers.customerId,
      deactivated: userCustomers.deactivated,
    })
    .from(userCustomers)
    .where(and(inArray(userCustomers.userId, userIds), assignmentRows(scope)))
    .orderBy(userCustomers.id);
}

/** One assignment the caller manages, locked until the transaction ends. */
export async function findAssignmentForUpdate(db: Executor, scope: Scope, id: number) {
  const rows = await db
    .select()
    .from(userCustomers)
    .where(and(eq(userCustomers.id, id), assignmentRows(scope)))
    .for('update')
    .limit(1);
  return rows[0];
}

export async function setAssignmentDeactivated(
  db: Executor,
  scope: Scope,
  id: number,
  deactivated: boolean,
): Promise<void> {
  await db
    .update(userCustomers)
    .set({ deactivated })
    .where(and(eq(userCustomers.id, id), assignmentRows(scope)));
}

/** Sets the deactivated flag of every assignment of a user the scope sees (the activation rule of people §4). */
export async function setAssignmentsDeactivated(
  db: Executor,
  scope: Scope,
  userId: number,
  deactivated: boolean,
): Promise<void> {
  await db
    .update(userCustomers)
    .set({ deactivated })
    .where(and(eq(userCustomers.userId, userId), practiceRows(scope, userCustomers.customerId)));
}

/** Whether one of the user's practice assignments is deactivated (they then count as deactivated). */
export async function hasDeactivatedAssignment(db: Executor, scope: Scope, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: userCustomers.id })
    .from(userCustomers)
    .where(
      and(
        eq(userCustomers.userId, userId),
        eq(userCustomers.deactivated, true),
        practiceRows(scope, userCustomers.customerId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Moves a user out of the practices the scope sees into another one (the forms allow one practice at most). */
export async function replaceUserPractice(
  db: Executor,
  scope: Scope,
  userId: number,
  into: PracticeScope,
): Promise<void> {
  await db
    .delete(userCustomers)
    .where(and(eq(userCustomers.userId, userId), practiceRows(scope, userCustomers.customerId)));
  await db.insert(userCustomers).values({ userId, customerId: into.practiceId });
}
