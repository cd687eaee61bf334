import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { invoices, patients } from '../../../db/schema.js';
import { type Scope, therapistRows } from '../../../lib/scope.js';

/**
 * The invoices and cancellations a scope reaches that were issued in [from, to] (calendar dates of the frozen
 * document), in number order, with the patient's number for the debtor account. Deleted invoices were never valid.
 */
export async function issuedInvoicesBetween(db: Executor, scope: Scope, from: string, to: string) {
  const issueDate = sql<string>`${invoices.document}->>'issueDate'`;
  return db
    .select({ document: invoices.document, patientNumber: patients.patientNumber })
    .from(invoices)
    .leftJoin(patients, and(eq(patients.userId, invoices.clientId), eq(patients.customerId, invoices.customerId)))
    .where(
      and(
        therapistRows(scope, invoices.customerId, invoices.therapistId),
        ne(invoices.state, 'deleted'),
        sql`${issueDate} BETWEEN ${from} AND ${to}`,
      ),
    )
    .orderBy(asc(invoices.invoiceNumber));
}
