import { randomUUID } from 'node:crypto';
import { invoiceDueDate, Role, toPracticeIsoDate } from '@praxia/shared';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { invoices, overdueNotices, smsOutbox } from '../src/db/schema.js';
import { renderInvoiceDocx, renderInvoicePdf } from '../src/modules/invoices/documents/index.js';
import { allocateInvoiceNumber } from '../src/modules/invoices/invoice-numbers.js';
import type { FileStorage } from '../src/storage/file-storage.js';
import { GOAE_LINES, invoiceFixture } from './invoice-document-fixtures.js';
import { createPatientVia, type Member, patientInput } from './patient-fixtures.js';
import { call, createPractice, createUser, signIn, type TestApp } from './test-app.js';

// Issued invoices for the sending tests without the calendar: a real invoices row with a frozen InvoiceDocument whose
// PDF and Word file are rendered by the app's document renderers and stored through its FileStorage (issuing through
// POST /invoice needs past appointments with fees; one test of the sending goes that way too). The database and the
// HTTP layer stay real.

/** A German mobile number: the patient can receive the SMS code. */
export const MOBILE = '+49 151 23456789';

/** A practice with a therapist, a DRS therapist, an assistant and the therapist's patient (mobile, full address). */
export async function sendingPractice(t: TestApp, values: { trialExpiresAt?: Date; language?: string } = {}) {
  const id = await createPractice(t.database, { name: `Praxis Sonnenweg ${randomUUID().slice(0, 4)}`, ...values });
  const member = async (roles: number): Promise<Member> => {
    const user = await createUser(t.database, { roles, practiceId: id });
    return { ...user, cookie: await signIn(t.app, user.email) };
  };
  const therapist = await member(Role.THERAPIST);
  const team = {
    id,
    therapist,
    otherTherapist: await member(Role.THERAPIST),
    drs: await member(Role.THERAPIST_DRS),
    assistant: await member(Role.SECRETARY),
    owner: await member(Role.CUSTOMER_ADMIN),
  };
  const patient = await addPatient(t, therapist, {});
  return { ...team, patient };
}
export type SendingPractice = Awaited<ReturnType<typeof sendingPractice>>;

/** A patient of the therapist created through the API (its phone stored as E.164 as the app stores it). */
export async function addPatient(t: TestApp, therapist: Member, overrides: Record<string, unknown>) {
  const input = patientInput({
    phone: MOBILE,
    phoneCountry: 'DE',
    street: 'Lindenallee 5',
    postalCode: '10115',
    city: 'Berlin',
    ...overrides,
  });
  const created = await createPatientVia(t, therapist.cookie, input);
  return { id: created.id, email: String(input.email) };
}

/** Changes the patient record through the API, as the practice would (address, phone, invoiceDigital). */
export async function updatePatient(t: TestApp, cookie: string, patientId: number, payload: Record<string, unknown>) {
  const response = await call(t.app, cookie, { method: 'PATCH', url: `/api/user/patient/${patientId}`, payload });
  if (response.statusCode >= 300) throw new Error(`patient update ${response.statusCode}: ${response.body}`);
}

type InvoiceParties = { id: number; therapist: { id: number }; patient: { id: number } };

type IssueOptions = {
  clientId?: number;
  state?: 'created' | 'paid' | 'cancelled' | 'deleted';
  /** The issue day (default now); the due date follows 14 days later. */
  issuedAt?: Date;
  /** When it was sent (receipt, §286 Abs.3 BGB); default never. */
  sentAt?: Date;
  /** Whether the document printed the §286 Abs.3 BGB notice (as issued invoices do); default true. */
  defaultNotice?: boolean;
};

/** An issued invoice of the therapist for the patient, with its files stored; returns the row. */
export function issueTestInvoice(t: TestApp, practice: InvoiceParties, options: IssueOptions = {}) {
  return insertIssuedInvoice(t.database.db, t.app.ctx.storage, practice, options);
}

/** The same on any database and storage of the app (the end-to-end stack issues one too). */
export async function insertIssuedInvoice(
  db: Database,
  storage: FileStorage,
  practice: InvoiceParties,
  options: IssueOptions = {},
) {
  // Numbered by the app's own allocation, so these rows and issued ones never collide.
  const invoiceNumber = await db.transaction((tx) => allocateInvoiceNumber(tx as unknown as Database, practice.id));
  const issuedAt = options.issuedAt ?? new Date();
  // One session of Nr. 870 at 2,3: 100,55 €.
  const [line] = GOAE_LINES;
  const document = invoiceFixture({
    invoiceNumber: String(invoiceNumber),
    issueDate: toPracticeIsoDate(issuedAt),
    dueDate: invoiceDueDate(issuedAt, 14),
    lines: line ? [line] : [],
    taxTotals: [{ group: 'exempt', ratePercent: 0, netCents: 10_055, taxCents: 0, grossCents: 10_055 }],
    totalCents: 10_055,
    defaultNotice: options.defaultNotice ?? true,
  });
  const pdfKey = `practices/${practice.id}/invoices/${randomUUID()}.pdf`;
  const docxKey = `practices/${practice.id}/invoices/${randomUUID()}.docx`;
  await storage.put(pdfKey, await renderInvoicePdf(document, { logo: null }));
  await storage.put(docxKey, await renderInvoiceDocx(document, { logo: null }));
  const [row] = await db
    .insert(invoices)
    .values({
      customerId: practice.id,
      therapistId: practice.therapist.id,
      clientId: options.clientId ?? practice.patient.id,
      invoiceNumber,
      state: options.state ?? 'created',
      amountCents: document.totalCents,
      dueDate: document.dueDate,
      document,
      pdfKey,
      docxKey,
      fileName: `Rechnung-${invoiceNumber}`,
      createdBy: practice.therapist.id,
      createdAt: issuedAt,
      documentsReadyAt: issuedAt,
      sentAt: options.sentAt ?? null,
    })
    .returning();
  if (!row) throw new Error('no invoice row');
  return row;
}

/** A day `days` ago (or ahead, negative), for invoices and notices whose deadlines have passed. */
export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/** The reminder went out by post and its own deadline passed yesterday (as if the days had gone by). */
export async function lapseReminder(t: TestApp, cookie: string, noticeId: number) {
  const sent = await call(t.app, cookie, {
    method: 'PATCH',
    url: `/api/invoice/overdue-notice/${noticeId}`,
    payload: { state: 'sent' },
  });
  if (sent.statusCode !== 204) throw new Error(`notice sent ${sent.statusCode}: ${sent.body}`);
  await t.database.db
    .update(overdueNotices)
    .set({ dueDate: toPracticeIsoDate(daysAgo(1)) })
    .where(eq(overdueNotices.id, noticeId));
}

/** Days past an invoice's due date: its reminder was sent and lapsed, so the final notice may follow (§286 BGB). */
export async function readyForFinalNotice(t: TestApp, cookie: string, invoiceId: number) {
  await t.database.db
    .update(invoices)
    .set({ dueDate: toPracticeIsoDate(daysAgo(16)) })
    .where(eq(invoices.id, invoiceId));
  const reminder = await call(t.app, cookie, {
    method: 'POST',
    url: '/api/invoice/overdue-notice',
    payload: { invoiceId, type: 'reminder' },
  });
  if (reminder.statusCode !== 201) throw new Error(`reminder ${reminder.statusCode}: ${reminder.body}`);
  await lapseReminder(t, cookie, reminder.json().id);
}

/**
 * The newest SMS the outbox provider kept for a practice. By practice: on PostgreSQL every test file shares the
 * outbox, so "the newest of all" may be another file's.
 */
export async function lastSms(t: TestApp, practiceId: number) {
  const [message] = await t.database.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.customerId, practiceId))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  return message;
}

export const codeIn = (text: string | undefined) => /\b(\d{6})\b/.exec(text ?? '')?.[1] ?? '';
