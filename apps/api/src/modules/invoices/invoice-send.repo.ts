import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { invoiceDeliveries, invoices, overdueNotices, patients, users } from '../../db/schema.js';
import type { InvoiceRow } from './invoices.repo.js';

export type { InvoiceRow } from './invoices.repo.js';
export type OverdueNoticeRow = typeof overdueNotices.$inferSelect;

/** An invoice of the practice that is not deleted (deleted ones answer like missing ones). */
export async function findActiveInvoice(
  db: Executor,
  customerId: number,
  id: number,
  forUpdate = false,
): Promise<InvoiceRow | undefined> {
  const query = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.customerId, customerId), ne(invoices.state, 'deleted')))
    .limit(1);
  const rows = await (forUpdate ? query.for('update') : query);
  return rows[0];
}

/** What sending needs of the patient, read now (their current data decides, not the frozen document). */
export type PatientContact = {
  email: string;
  name: string;
  phone: string | null;
  phoneCountry: string;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  invoiceDigital: 'yes' | 'no';
};

export async function findPatientContact(
  db: Executor,
  customerId: number,
  clientId: number,
): Promise<PatientContact | undefined> {
  const rows = await db
    .select({
      email: users.email,
      title: users.title,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      phoneCountry: users.phoneCountry,
      street: users.street,
      postalCode: users.postalCode,
      city: users.city,
      invoiceDigital: patients.invoiceDigital,
    })
    .from(users)
    .leftJoin(patients, and(eq(patients.userId, users.id), eq(patients.customerId, customerId)))
    .where(eq(users.id, clientId))
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  return {
    email: row.email,
    name: [row.title, row.firstName, row.lastName].filter(Boolean).join(' '),
    phone: row.phone,
    phoneCountry: row.phoneCountry,
    street: row.street,
    postalCode: row.postalCode,
    city: row.city,
    // Like the invoice list: without a patient record of the practice there is nobody to send to digitally.
    invoiceDigital: row.invoiceDigital ?? 'no',
  };
}

/** Counts one e-mail send of the invoice; the first one sets sentAt. */
export async function recordInvoiceSend(db: Executor, id: number): Promise<InvoiceRow> {
  const [row] = await db
    .update(invoices)
    .set({
      sendCount: sql`${invoices.sendCount} + 1`,
      sentAt: sql`coalesce(${invoices.sentAt}, now())`,
      updatedAt: new Date(),
    })
    .where(eq(invoices.id, id))
    .returning();
  if (!row) throw new Error(`invoice ${id} vanished`);
  return row;
}

export async function recordNoticeSend(db: Executor, id: number): Promise<OverdueNoticeRow> {
  const [row] = await db
    .update(overdueNotices)
    .set({
      sendCount: sql`${overdueNotices.sendCount} + 1`,
      sentAt: sql`coalesce(${overdueNotices.sentAt}, now())`,
      state: 'sent',
    })
    .where(eq(overdueNotices.id, id))
    .returning();
  if (!row) throw new Error(`overdue notice ${id} vanished`);
  return row;
}

export async function insertDelivery(db: Executor, values: typeof invoiceDeliveries.$inferInsert): Promise<void> {
  await db.insert(invoiceDeliveries).values(values);
}
