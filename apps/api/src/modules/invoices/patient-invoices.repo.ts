import { and, desc, eq, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { invoices, users } from '../../db/schema.js';
import type { Scope } from '../../lib/scope.js';

/**
 * SQL: the invoices the caller's own person received: sent to them or paid (an invoice the practice has not sent
 * yet may still be corrected), never deleted ones; no rows for any other scope.
 */
function ownInvoices(scope: Scope): SQL {
  // A booked patient may also be linked to the practice as a user: either way only rows naming them as client.
  if (scope.kind !== 'patient' && scope.kind !== 'practice') return sql`false`;
  const { practiceId } = scope;
  return and(
    eq(invoices.customerId, practiceId),
    eq(invoices.clientId, scope.userId),
    ne(invoices.state, 'deleted'),
    or(isNotNull(invoices.sentAt), eq(invoices.state, 'paid')),
  ) as SQL;
}

/** The patient's invoices, newest first, with the name of the therapist who issued each. */
export async function listOwnInvoices(db: Executor, scope: Scope) {
  return db
    .select({
      invoice: invoices,
      therapist: { title: users.title, firstName: users.firstName, lastName: users.lastName },
    })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.therapistId))
    .where(ownInvoices(scope))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(500);
}

export async function findOwnInvoice(db: Executor, scope: Scope, id: number) {
  const rows = await db
    .select()
    .from(invoices)
    .where(and(ownInvoices(scope), eq(invoices.id, id)))
    .limit(1);
  return rows[0];
}
