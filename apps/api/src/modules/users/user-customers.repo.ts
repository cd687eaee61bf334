import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { userCustomers } from '../../db/schema.js';

/** A user's practice assignments with their own deactivated flags (people §3 customerUsers). */
export async function findAssignmentsOfUser(db: Executor, userId: number) {
  return db
    .select({ id: userCustomers.id, customerId: userCustomers.customerId, deactivated: userCustomers.deactivated })
    .from(userCustomers)
    .where(eq(userCustomers.userId, userId))
    .orderBy(userCustomers.customerId);
}

/** Sets the deactivated flag of every practice assignment of a user (the activation rule of people §4). */
export async function setAssignmentsDeactivated(db: Executor, userId: number, deactivated: boolean): Promise<void> {
  await db.update(userCustomers).set({ deactivated }).where(eq(userCustomers.userId, userId));
}

/** Whether one of the user's practice assignments is deactivated (they then count as deactivated). */
export async function hasDeactivatedAssignment(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: userCustomers.id })
    .from(userCustomers)
    .where(and(eq(userCustomers.userId, userId), eq(userCustomers.deactivated, true)))
    .limit(1);
  return rows.length > 0;
}

/** Moves a user to another practice (the forms allow one practice at most). */
export async function replaceUserPractice(db: Executor, userId: number, customerId: number): Promise<void> {
  await db.delete(userCustomers).where(eq(userCustomers.userId, userId));
  await db.insert(userCustomers).values({ userId, customerId });
}
