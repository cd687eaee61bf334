import { THERAPISTS } from '@praxia/shared';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { customers, userCustomers, users } from '../../db/schema.js';
import { practiceRows, type Scope } from '../../lib/scope.js';

export type CustomerRow = typeof customers.$inferSelect;

// A deleted practice is gone for every reader; its row stays for the retention period.
const isNotDeleted = isNull(customers.deletedAt);

export async function findCustomer(db: Executor, id: number): Promise<CustomerRow | undefined> {
  const rows = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), isNotDeleted))
    .limit(1);
  return rows[0];
}

/** The practice, locked until the caller's transaction ends: concurrent edits then see each other's result. */
/** The practice whose plan is the provider's subscription `subscriptionId`. */
export async function findCustomerBySubscription(
  db: Executor,
  subscriptionId: string,
): Promise<CustomerRow | undefined> {
  const rows = await db
    .select()
    .from(customers)
    .where(and(eq(customers.subscriptionId, subscriptionId), isNotDeleted))
    .limit(1);
  return rows[0];
}

export async function findCustomerForUpdate(db: Executor, id: number): Promise<CustomerRow | undefined> {
  const rows = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), isNotDeleted))
    .limit(1)
    .for('update');
  return rows[0];
}

/**
 * One page of the practices a scope works for: every one for the platform admin (system scope), the acting practice
 * for staff, none for a patient's scope.
 */
export async function listCustomers(db: Executor, scope: Scope, options: { limit: number; offset: number }) {
  const filter = and(isNotDeleted, scope.kind === 'patient' ? sql`false` : practiceRows(scope, customers.id));
  const [total] = await db.select({ value: count() }).from(customers).where(filter);
  const list = await db
    .select({
      id: customers.id,
      name: customers.name,
      deactivated: customers.deactivated,
      status: customers.status,
      city: customers.city,
    })
    .from(customers)
    .where(filter)
    .orderBy(asc(customers.id))
    .limit(options.limit)
    .offset(options.offset);
  return { list, maxItems: total?.value ?? 0 };
}

export async function insertCustomer(db: Executor, values: typeof customers.$inferInsert): Promise<CustomerRow> {
  const [row] = await db.insert(customers).values(values).returning();
  if (!row) throw new Error('customer insert returned no row');
  return row;
}

export async function updateCustomer(
  db: Executor,
  id: number,
  values: Partial<typeof customers.$inferInsert>,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .update(customers)
    .set(values)
    .where(and(eq(customers.id, id), isNotDeleted))
    .returning();
  return row;
}

/** Soft delete: deactivated and hidden; invoices and records of the practice are kept (§147 AO, §630f BGB). */
/** Soft-deletes a practice; its subscription was cancelled at the provider before, so the id is dropped too. */
export async function markCustomerDeleted(db: Executor, id: number, now: Date): Promise<void> {
  await db
    .update(customers)
    .set({ deletedAt: now, deactivated: true, status: 'canceled', subscriptionId: null })
    .where(and(eq(customers.id, id), isNotDeleted));
}

/** The practice's assignments the scope sees. */
const assignmentsOf = (scope: Scope, customerId: number) =>
  and(eq(userCustomers.customerId, customerId), practiceRows(scope, userCustomers.customerId));

export async function countTherapists(db: Executor, scope: Scope, customerId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(userCustomers)
    .innerJoin(users, eq(users.id, userCustomers.userId))
    .where(and(assignmentsOf(scope, customerId), sql`(${users.roles} & ${THERAPISTS}) <> 0`));
  return row?.value ?? 0;
}

export async function listTherapistsOfCustomer(db: Executor, scope: Scope, customerId: number) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, title: users.title })
    .from(userCustomers)
    .innerJoin(users, eq(users.id, userCustomers.userId))
    .where(
      and(
        assignmentsOf(scope, customerId),
        sql`(${users.roles} & ${THERAPISTS}) <> 0`,
        eq(users.deleted, false),
        eq(users.deactivated, false),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName));
}

/**
 * Practices whose therapists may appear in the public search: paid (no trial running), active
 * and not deactivated. The search feature builds on this condition.
 */
export const isListedInSearch = and(
  isNotDeleted,
  isNull(customers.trialExpiresAt),
  eq(customers.status, 'active'),
  eq(customers.deactivated, false),
);
