import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  type OverdueNotice,
  type OverdueNoticeDocument,
  type overdueNoticeCreateSchema,
  overdueNoticeDueDate,
  type overdueNoticeSearchSchema,
  toPracticeIsoDate,
} from '@praxia/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { type Scope, scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { AppError, notFound } from '../../plugins/errors.js';
import { storeThenCommit } from '../../storage/unreferenced-files.js';
import { recordAudit } from '../audit/index.js';
import { findCustomer } from '../customers/index.js';
import {
  type InvoiceRow,
  noticeParagraphs,
  noticeSalutation,
  renderOverdueNoticePdf,
  requireActiveInvoice,
} from '../invoices/index.js';
import { assertDunningDue, dunningHistoryOf, isInDefault } from './dunning-calendar.js';
import type { PatientContact } from './invoice-send.repo.js';
import {
  assertAddressComplete,
  assertMaySendOrDun,
  availabilityOf,
  requirePatientContact,
} from './invoice-send-checks.js';
import {
  activeNoticesOf,
  findActiveNotice,
  insertNotice,
  type OverdueNoticeRow,
  pageNoticesOfInvoice,
  setNoticeState,
} from './overdue-notice.repo.js';
import { noticeLabel, toOverdueNotice } from './overdue-notice.view.js';

const noticeNotFound = () => notFound('Overdue notice not found');

/** POST /invoice/overdue-notice/search: an invoice's notices, 10 a page by default (spec §2.8). */
export async function searchOverdueNotices(
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof overdueNoticeSearchSchema>,
) {
  const scope = scopeOf(actor);
  const invoice = await requireActiveInvoice(ctx.db, scope, input.invoiceId);
  const contact = await requirePatientContact(ctx.db, scope, invoice);
  const { rows, total } = await pageNoticesOfInvoice(ctx.db, scope, invoice.id, input.limit, input.page);
  return {
    list: rows.map((row) => toOverdueNotice(row, availabilityOf(contact, row.sendCount))),
    maxItems: total,
    currentPage: input.page,
    limit: input.limit,
  };
}

/** The notice's frozen letter: parties, bank and recipient as the invoice printed them; its own dates and text. */
function noticeDocument(
  issued: InvoiceRow,
  notice: { type: 'reminder' | 'notice'; number: number; paymentTermDays: number; now: Date },
  contact: PatientContact,
  facts: { sentReminders: number; inDefault: boolean },
) {
  const source = issued.document;
  const { type, number, now } = notice;
  const dueDate = overdueNoticeDueDate(now, notice.paymentTermDays);
  const invoice = {
    invoiceNumber: source.invoiceNumber,
    issueDate: source.issueDate,
    dueDate: source.dueDate,
    totalCents: source.totalCents,
  };
  const document: OverdueNoticeDocument = {
    type,
    number,
    issueDate: toPracticeIsoDate(now),
    dueDate,
    practice: source.practice,
    therapist: source.therapist,
    returnAddress: source.returnAddress,
    recipient: source.recipient,
    invoice,
    salutation: noticeSalutation(contact.addressee),
    paragraphs: noticeParagraphs(type, invoice, dueDate, { ...facts, collectionConsent: contact.collectionConsent }),
    paymentModalities: source.paymentModalities,
    bank: source.bank,
  };
  return document;
}

/**
 * POST /invoice/overdue-notice: the next reminder level or the final notice (once) of a created invoice, by the
 * calendar of dunning (see dunning-calendar.ts), drawn and stored now and never changed afterwards. The invoice row is locked, so two clicks cannot make the same level twice.
 */
export async function createOverdueNotice(
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof overdueNoticeCreateSchema>,
  // The notice's day; only the demo seed writes one in the past.
  now: Date = new Date(),
): Promise<OverdueNotice> {
  assertMaySendOrDun(actor);
  // The PDF is drawn from an unlocked read and stored before the transaction (no storage write holds rows locked);
  // the transaction draws the notice again under the invoice's lock and inserts it only when nothing changed
  // meanwhile. A concurrent notice changes it: then the whole round runs again (its file is removed), as the lock
  // used to make the second click wait and see the first one's notice.
  for (let attempt = 1; ; attempt++) {
    try {
      return await storeAndInsertNotice(ctx, actor, input, now);
    } catch (error) {
      if (!(error instanceof NoticeChanged)) throw error;
      if (attempt === 5) throw new AppError(ErrorCode.conflict, { status: 409, detail: 'Bitte erneut versuchen.' });
    }
  }
}

class NoticeChanged extends Error {}

async function storeAndInsertNotice(
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof overdueNoticeCreateSchema>,
  now: Date,
): Promise<OverdueNotice> {
  const scope = scopeOf(actor);
  const draft = await draftNotice(ctx, scope, input, now, false);
  const logo = draft.document.practice.logoKey ? await ctx.storage.get(draft.document.practice.logoKey) : null;
  const pdf = await renderOverdueNoticePdf(draft.document, { logo });
  const pdfKey = `practices/${draft.invoice.customerId}/overdue-notices/${randomUUID()}.pdf`;
  return storeThenCommit(ctx, [{ key: pdfKey, write: (storage) => storage.put(pdfKey, pdf) }], async (tx) => {
    const { invoice, contact, document, number } = await draftNotice(tx, scope, input, now, true);
    if (JSON.stringify(document) !== JSON.stringify(draft.document)) throw new NoticeChanged();
    const title = noticeLabel(input.type, number, document.invoice.invoiceNumber);
    const row = await insertNotice(tx.db, scope, {
      invoiceId: invoice.id,
      type: input.type,
      number,
      dueDate: document.dueDate,
      document,
      pdfKey,
      fileName: title.replaceAll(/[^\wÄÖÜäöüß-]+/g, '-'),
      createdBy: actor.userId,
      createdAt: now,
    });
    await auditNotice(tx, actor, invoice, row, 'create', { type: row.type, number: row.number });
    return toOverdueNotice(row, availabilityOf(contact, row.sendCount));
  });
}

/** The notice the invoice's state calls for now, with every refusal of the dunning rules; `lock` locks the invoice. */
async function draftNotice(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof overdueNoticeCreateSchema>,
  now: Date,
  lock: boolean,
) {
  const invoice = await requireActiveInvoice(ctx.db, scope, input.invoiceId, lock);
  if (invoice.kind !== 'invoice' || invoice.state !== 'created') {
    throw new AppError(ErrorCode.invoiceStateForbids, {
      status: 409,
      detail: 'Mahnungen nur für offene Rechnungen.',
    });
  }
  const contact = await requirePatientContact(ctx.db, scope, invoice);
  assertAddressComplete(contact);
  const today = toPracticeIsoDate(now);
  const level = dunningHistoryOf(await activeNoticesOf(ctx.db, scope, invoice.id), today);
  if (level.hasFinalNotice) {
    throw new AppError(ErrorCode.overdueNoticeFinalExists, {
      status: 409,
      detail: 'Für diese Rechnung gibt es bereits eine Mahnung.',
    });
  }
  const practice = await findCustomer(ctx.db, invoice.customerId);
  if (!practice) throw noticeNotFound();
  assertDunningDue(input.type, invoice, level, today);
  const number = level.highest + 1;
  const document = noticeDocument(
    invoice,
    { type: input.type, number, paymentTermDays: practice.paymentTermOverdueNotice, now },
    contact,
    { sentReminders: level.sentReminders, inDefault: isInDefault(invoice, level, today) },
  );
  return { invoice, contact, document, number };
}

function auditNotice(
  ctx: AppContext,
  actor: Actor | null,
  invoice: InvoiceRow,
  notice: OverdueNoticeRow,
  action: 'create' | 'update' | 'delete' | 'download',
  detail: Record<string, unknown> = {},
) {
  return recordAudit(ctx.db, {
    actor,
    customerId: invoice.customerId,
    patientId: invoice.clientId,
    action,
    resource: 'overdueNotice',
    resourceId: notice.id,
    detail: { invoiceId: invoice.id, ...detail },
  });
}

/** A notice the caller may see, with its invoice: of an invoice they see (another's answers 404 alike). */
export async function findNoticeOfActor(ctx: AppContext, actor: Actor, id: number, forUpdate = false) {
  const found = await findActiveNotice(ctx.db, scopeOf(actor), id, forUpdate);
  if (!found) throw noticeNotFound();
  return found;
}

/** PATCH /invoice/overdue-notice/{id} {state: 'sent'}: sent by post. */
export async function markNoticeSent(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const { notice, invoice } = await findNoticeOfActor(tx, actor, id, true);
    await setNoticeState(tx.db, scopeOf(actor), notice.id, 'sent');
    await auditNotice(tx, actor, invoice, notice, 'update', { state: 'sent' });
  });
}

/** DELETE /invoice/overdue-notice/{id}: the row stays as 'deleted' (its PDF may have gone out), hidden from lists. */
export async function deleteNotice(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const { notice, invoice } = await findNoticeOfActor(tx, actor, id, true);
    await setNoticeState(tx.db, scopeOf(actor), notice.id, 'deleted');
    await auditNotice(tx, actor, invoice, notice, 'delete');
  });
}

/** GET /invoice/overdue-notice/{id}/download/{fileName}: the stored PDF, as it was created. */
export async function readNoticePdf(ctx: AppContext, actor: Actor, id: number) {
  const { notice, invoice } = await findNoticeOfActor(ctx, actor, id);
  const data = await ctx.storage.get(notice.pdfKey);
  if (!data) throw noticeNotFound();
  await auditNotice(ctx, actor, invoice, notice, 'download');
  return { data, fileName: `${notice.fileName}.pdf` };
}
