import { type InvoiceListFilter, type InvoiceQuery, toPracticeIsoDate } from '@praxia/shared';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { invoiceAppointments, invoices, patients, users } from '../../db/schema.js';
import { practiceRows, practiceToWrite, type Scope, therapistRows } from '../../lib/scope.js';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceValues = typeof invoices.$inferInsert;

/** The invoices a scope reaches: its practice's, of the therapists it reaches. */
const reached = (scope: Scope) => therapistRows(scope, invoices.customerId, invoices.therapistId);

/** A new invoice of the scope's practice with the appointments it bills. */
export async function insertInvoice(
  db: Executor,
  scope: Scope,
  values: Omit<InvoiceValues, 'customerId'>,
  appointmentIds: number[],
) {
  const [row] = await db
    .insert(invoices)
    .values({ ...values, customerId: practiceToWrite(scope) })
    .returning();
  if (!row) throw new Error('insert returned no row');
  if (appointmentIds.length) {
    await db
      .insert(invoiceAppointments)
      .values(appointmentIds.map((appointmentId) => ({ invoiceId: row.id, appointmentId })));
  }
  return row;
}

/** One invoice in the caller's scope (deleted ones too: their state decides what may still happen). */
export async function findInvoice(
  db: Executor,
  scope: Scope,
  id: number,
  forUpdate = false,
): Promise<InvoiceRow | undefined> {
  const query = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), reached(scope)))
    .limit(1);
  const rows = forUpdate ? await query.for('update') : await query;
  return rows[0];
}

/** One invoice in the caller's scope that is not deleted (deleted ones answer like missing ones). */
export async function findActiveInvoice(
  db: Executor,
  scope: Scope,
  id: number,
  forUpdate = false,
): Promise<InvoiceRow | undefined> {
  const query = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), reached(scope), ne(invoices.state, 'deleted')))
    .limit(1);
  const rows = forUpdate ? await query.for('update') : await query;
  return rows[0];
}

export async function updateInvoice(db: Executor, scope: Scope, id: number, values: Partial<InvoiceValues>) {
  const [row] = await db
    .update(invoices)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(invoices.id, id), reached(scope)))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

/** Records that an invoice's files are stored (the first time only). */
export async function markDocumentsReady(db: Executor, scope: Scope, id: number): Promise<void> {
  await db
    .update(invoices)
    .set({ documentsReadyAt: new Date() })
    .where(and(eq(invoices.id, id), isNull(invoices.documentsReadyAt), practiceRows(scope, invoices.customerId)));
}

/** Invoices issued before `issuedBefore` whose files are still missing, by id from `afterId` on. */
export async function findInvoicesWithoutFiles(
  db: Executor,
  scope: Scope,
  filter: { issuedBefore: Date; afterId: number; limit: number },
): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(
      and(
        isNull(invoices.documentsReadyAt),
        lt(invoices.createdAt, filter.issuedBefore),
        gt(invoices.id, filter.afterId),
        practiceRows(scope, invoices.customerId),
      ),
    )
    .orderBy(asc(invoices.id))
    .limit(filter.limit);
}

export async function invoiceAppointmentIds(db: Executor, invoiceId: number): Promise<number[]> {
  const rows = await db
    .select({ id: invoiceAppointments.appointmentId })
    .from(invoiceAppointments)
    .where(eq(invoiceAppointments.invoiceId, invoiceId));
  return rows.map((row) => row.id);
}

/** Counts one e-mail send of the invoice; the first one sets sentAt. */
export async function recordInvoiceSend(db: Executor, scope: Scope, id: number): Promise<InvoiceRow> {
  const [row] = await db
    .update(invoices)
    .set({
      sendCount: sql`${invoices.sendCount} + 1`,
      sentAt: sql`coalesce(${invoices.sentAt}, now())`,
      updatedAt: new Date(),
    })
    .where(and(eq(invoices.id, id), reached(scope)))
    .returning();
  if (!row) throw new Error(`invoice ${id} vanished`);
  return row;
}

/**
 * Whether any invoice of the practice (of any therapist and state: rows are kept ten years) names the patient, or
 * one of the appointments.
 */
export async function patientHasInvoices(db: Executor, scope: Scope, clientId: number): Promise<boolean> {
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.clientId, clientId), practiceRows(scope, invoices.customerId)))
    .limit(1);
  return rows.length > 0;
}

export async function appointmentsInInvoices(db: Executor, appointmentIds: number[]): Promise<boolean> {
  if (appointmentIds.length === 0) return false;
  const rows = await db
    .select({ id: invoiceAppointments.appointmentId })
    .from(invoiceAppointments)
    .where(inArray(invoiceAppointments.appointmentId, appointmentIds))
    .limit(1);
  return rows.length > 0;
}

const ORDER_COLUMNS: Record<InvoiceQuery['orderBy'], SQL[]> = {
  invoiceNumber: [sql`${invoices.invoiceNumber}`],
  createdAt: [sql`${invoices.createdAt}`],
  userName: [sql`lower(${users.lastName})`, sql`lower(${users.firstName})`],
  amount: [sql`${invoices.amountCents}`],
  dueDate: [sql`${invoices.dueDate}`],
  state: [sql`${invoices.state}`],
};

/** The latest notice that is not deleted (spec §4.3: the invoice's label follows it). */
const latestNotice = sql<{ type: 'reminder' | 'notice'; number: number; sent: boolean } | null>`(
  SELECT json_build_object('type', notice.type, 'number', notice.number, 'sent', notice.state = 'sent')
  FROM overdue_notices notice WHERE notice.invoice_id = ${invoices.id} AND notice.state <> 'deleted'
  ORDER BY notice.created_at DESC, notice.id DESC LIMIT 1)`;

const listColumns = {
  invoice: invoices,
  client: {
    firstName: users.firstName,
    lastName: users.lastName,
    title: users.title,
    phone: users.phone,
    phoneCountry: users.phoneCountry,
  },
  invoiceDigital: patients.invoiceDigital,
  notice: latestNotice,
};

export type InvoiceListRow = {
  invoice: InvoiceRow;
  client: { firstName: string; lastName: string; title: string | null; phone: string | null; phoneCountry: string };
  invoiceDigital: 'yes' | 'no' | null;
  notice: { type: 'reminder' | 'notice'; number: number; sent: boolean } | null;
};

const isOpen = () => and(eq(invoices.kind, 'invoice'), eq(invoices.state, 'created'));

/** What a listed row adds to the list's sum: a deleted invoice is listed for its number but was never owed. */
const listedCents = sql`CASE WHEN ${invoices.state} = 'deleted' THEN 0 ELSE ${invoices.amountCents} END`;

/** The rows a state filter of the list keeps; overdue counts from the day after the due date (German time). */
function stateCondition(filter: InvoiceListFilter, today: string): SQL | undefined {
  switch (filter) {
    case 'open':
      return isOpen();
    case 'overdue':
      return and(isOpen(), lt(invoices.dueDate, today));
    case 'paid':
      return eq(invoices.state, 'paid');
    case 'cancelled':
      // A cancelled invoice and the cancellation that cancels it belong together.
      return sql`(${invoices.state} = 'cancelled' OR ${invoices.kind} = 'cancellation')`;
  }
}

/** A page of the list (deleted ones included) with the client's name and contact for the row, and the total. */
export async function listInvoices(
  db: Executor,
  scope: Scope,
  filter: {
    from?: Date;
    to?: Date;
    orderBy: InvoiceQuery['orderBy'];
    descending: boolean;
    ids?: number[];
    isOpen?: boolean;
    state?: InvoiceListFilter;
    now?: Date;
  },
  page: { limit: number; offset: number },
) {
  const direction = filter.descending ? desc : asc;
  // Deleted invoices stay listed, marked so: their numbers were issued and the sequence must show them (§14 UStG).
  const where = and(
    reached(scope),
    filter.from ? gte(invoices.createdAt, filter.from) : undefined,
    // The web sends 23:59:59 of the end day: the whole of that second belongs to the day.
    filter.to ? lt(invoices.createdAt, new Date(filter.to.getTime() + 1000)) : undefined,
    filter.ids ? inArray(invoices.id, filter.ids) : undefined,
    filter.isOpen ? isOpen() : undefined,
    filter.state ? stateCondition(filter.state, toPracticeIsoDate(filter.now ?? new Date())) : undefined,
  );
  const rows = await db
    .select({
      ...listColumns,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      sumCents: sql<number>`sum(${listedCents}) over ()`.mapWith(Number),
    })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.clientId))
    .leftJoin(patients, eq(patients.userId, invoices.clientId))
    .where(where)
    .orderBy(...ORDER_COLUMNS[filter.orderBy].map((column) => direction(column)), direction(invoices.id))
    .limit(page.limit)
    .offset(page.offset);
  if (rows[0] || page.offset === 0) {
    return {
      rows: rows as (InvoiceListRow & { total: number })[],
      total: rows[0]?.total ?? 0,
      sumCents: rows[0]?.sumCents ?? 0,
    };
  }
  // A page past the end has no row to carry the total: count on its own.
  const [counted] = await db
    .select({ total: count(), sumCents: sql<number>`coalesce(sum(${listedCents}), 0)`.mapWith(Number) })
    .from(invoices)
    .where(where);
  return { rows: [], total: counted?.total ?? 0, sumCents: counted?.sumCents ?? 0 };
}

/** One row in the list's shape, whatever its state (answers after a change). */
export async function findInvoiceListRow(db: Executor, scope: Scope, id: number): Promise<InvoiceListRow | undefined> {
  const rows = await db
    .select(listColumns)
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.clientId))
    .leftJoin(patients, eq(patients.userId, invoices.clientId))
    .where(and(eq(invoices.id, id), reached(scope)));
  return rows[0] as InvoiceListRow | undefined;
}

/**
 * Issued amounts per month in German time, newest first: invoices that stand (created, paid); cancelled and deleted
 * ones and the cancellations themselves do not count (spec §2.9).
 */
export async function monthlyTotals(db: Executor, scope: Scope) {
  const month = sql<string>`to_char(${invoices.createdAt} AT TIME ZONE 'Europe/Berlin', 'YYYY-MM')`;
  return db
    .select({
      month,
      cents: sql<number>`sum(${invoices.amountCents})`.mapWith(Number),
      paidCents:
        sql<number>`coalesce(sum(${invoices.amountCents}) FILTER (WHERE ${invoices.state} = 'paid'), 0)`.mapWith(
          Number,
        ),
    })
    .from(invoices)
    .where(and(reached(scope), eq(invoices.kind, 'invoice'), inArray(invoices.state, ['created', 'paid'])))
    .groupBy(month)
    .orderBy(desc(month));
}
