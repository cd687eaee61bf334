import { eq, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { customers, invoices } from '../../db/schema.js';

// The first key of the two-key advisory lock: the space of "one practice's invoice numbers" locks.
const INVOICE_NUMBER_LOCK_SPACE = 0x696e76; // 'inv'

/**
 * The next invoice number of a practice (§14 Abs.4 Nr.4 UStG: consecutive, once only): one above the highest ever
 * issued — deleted invoices keep their rows, so their numbers count — and at least the practice's first number.
 * Call inside the invoice's transaction: the advisory lock holds every other issue of this practice until commit,
 * so two transactions never read the same maximum; the unique constraint (customer, number) backs it up.
 */
export async function allocateInvoiceNumber(db: Executor, customerId: number): Promise<number> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${INVOICE_NUMBER_LOCK_SPACE}, ${customerId})`);
  const [highest] = await db
    .select({ value: max(invoices.invoiceNumber) })
    .from(invoices)
    .where(eq(invoices.customerId, customerId));
  const [practice] = await db
    .select({ first: customers.firstInvoiceNumber })
    .from(customers)
    .where(eq(customers.id, customerId));
  const afterHighest = highest?.value === null || highest?.value === undefined ? 1 : highest.value + 1;
  return Math.max(afterHighest, practice?.first ?? 1);
}
