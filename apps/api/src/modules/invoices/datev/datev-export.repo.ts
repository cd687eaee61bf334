import { and, asc, between, eq, ne, sql } from 'drizzle-orm';
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

/** The invoices the scope reaches that were paid in [from, to] (the day of the bank credit or of marking them paid). */
export async function paidInvoicesBetween(db: Executor, scope: Scope, from: string, to: string) {
  return db
    .select({
      invoiceNumber: sql<string>`${invoices.document}->>'invoiceNumber'`,
      amountCents: invoices.amountCents,
      paidOn: invoices.paidAt,
      patientNumber: patients.patientNumber,
    })
    .from(invoices)
    .leftJoin(patients, and(eq(patients.userId, invoices.clientId), eq(patients.customerId, invoices.customerId)))
    .where(
      and(
        therapistRows(scope, invoices.customerId, invoices.therapistId),
        eq(invoices.state, 'paid'),
        between(invoices.paidAt, from, to),
      ),
    )
    .orderBy(asc(invoices.paidAt), asc(invoices.invoiceNumber));
}
