import {
  addPracticeDays,
  INVOICE_DELIVERY_DAYS,
  type InvoiceListItem,
  type Language,
  type OverdueNotice,
} from '@praxia/shared';
import { INVOICE_DOWNLOAD_PAGE_PREFIX } from '@praxia/shared/public-pages';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { type Scope, scopeOf } from '../../lib/scope.js';
import { createToken, hashToken } from '../../lib/tokens.js';
import type { Actor } from '../../plugins/actor.js';
import { recordAudit } from '../audit/index.js';
import { type CustomerRow, findCustomer } from '../customers/index.js';
import {
  ensureInvoiceFiles,
  type InvoiceRow,
  invoiceNotFound,
  recordInvoiceSend,
  requireActiveInvoice,
  requireInvoiceListItem,
} from '../invoices/index.js';
import { render, sendMail } from '../mail/index.js';
import { insertDelivery, type PatientContact } from './invoice-send.repo.js';
import { assertCanSendDigitally, availabilityOf, requirePatientContact } from './invoice-send-checks.js';
import { type DeliveredKind, invoiceDeliveryMailText } from './invoice-send-mail-texts.js';
import { recordNoticeSend } from './overdue-notice.repo.js';
import { findNoticeOfActor } from './overdue-notice.service.js';
import { toOverdueNotice } from './overdue-notice.view.js';

const mailLanguage = (practice: CustomerRow): Language => (practice.language === 'en' ? 'en' : 'de');

async function requirePractice(ctx: AppContext, invoice: InvoiceRow): Promise<CustomerRow> {
  const practice = await findCustomer(ctx.db, invoice.customerId);
  if (!practice) throw invoiceNotFound();
  return practice;
}

/**
 * Makes the download link (256 random bits, only the sha256 kept, valid INVOICE_DELIVERY_DAYS) and queues the
 * patient's e-mail in the caller's transaction: both are stored together, and the mail leaves once they are.
 */
async function deliverByMail(
  tx: AppContext,
  scope: Scope,
  invoice: InvoiceRow,
  practice: CustomerRow,
  contact: PatientContact,
  document: { kind: DeliveredKind; overdueNoticeId?: number },
): Promise<void> {
  const token = createToken();
  await insertDelivery(tx.db, scope, {
    tokenHash: hashToken(token),
    invoiceId: document.overdueNoticeId === undefined ? invoice.id : null,
    overdueNoticeId: document.overdueNoticeId ?? null,
    clientId: invoice.clientId,
    expiresAt: addPracticeDays(new Date(), INVOICE_DELIVERY_DAYS),
  });
  const url = `${tx.config.publicUrl}${INVOICE_DOWNLOAD_PAGE_PREFIX}${token}`;
  await sendMail(
    tx,
    render(contact.email, invoiceDeliveryMailText(mailLanguage(practice), practice.name, document.kind, url)),
  );
}

/**
 * POST /invoice/{id}/send: the invoice goes to the patient by e-mail with a code-protected download link. Its files
 * exist before the mail is queued (drawn now if the issue has not drawn them yet), outside the transaction.
 */
export async function sendInvoice(ctx: AppContext, actor: Actor, id: number): Promise<InvoiceListItem> {
  const scope = scopeOf(actor);
  await ensureInvoiceFiles(ctx, await requireActiveInvoice(ctx.db, scope, id));
  return withTransaction(ctx, async (tx) => {
    const invoice = await requireActiveInvoice(tx.db, scope, id, true);
    const practice = await requirePractice(tx, invoice);
    const contact = await requirePatientContact(tx.db, scope, invoice);
    assertCanSendDigitally(practice, contact, invoice.sendCount);
    await deliverByMail(tx, scope, invoice, practice, contact, { kind: 'invoice' });
    const sent = await recordInvoiceSend(tx.db, scope, invoice.id);
    await recordAudit(tx.db, {
      actor,
      customerId: invoice.customerId,
      patientId: invoice.clientId,
      action: 'share',
      resource: 'invoice',
      resourceId: invoice.id,
      detail: { sendCount: sent.sendCount },
    });
    return requireInvoiceListItem(tx.db, scope, sent.id);
  });
}

/** POST /invoice/overdue-notice/{id}/send: the same for a reminder or the final notice; it becomes 'sent'. */
export async function sendOverdueNotice(ctx: AppContext, actor: Actor, id: number): Promise<OverdueNotice> {
  const scope = scopeOf(actor);
  return withTransaction(ctx, async (tx) => {
    const { notice, invoice } = await findNoticeOfActor(tx, actor, id, true);
    const practice = await requirePractice(tx, invoice);
    const contact = await requirePatientContact(tx.db, scope, invoice);
    assertCanSendDigitally(practice, contact, notice.sendCount);
    await deliverByMail(tx, scope, invoice, practice, contact, { kind: notice.type, overdueNoticeId: notice.id });
    const sent = await recordNoticeSend(tx.db, scope, notice.id);
    await recordAudit(tx.db, {
      actor,
      customerId: invoice.customerId,
      patientId: invoice.clientId,
      action: 'share',
      resource: 'overdueNotice',
      resourceId: notice.id,
      detail: { invoiceId: invoice.id, sendCount: sent.sendCount },
    });
    return toOverdueNotice(sent, availabilityOf(contact, sent.sendCount));
  });
}
