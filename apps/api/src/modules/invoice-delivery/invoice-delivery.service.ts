import { createHash } from 'node:crypto';
import {
  ErrorCode,
  INVOICE_LINK_MAX_CODES,
  INVOICE_LINK_MAX_WRONG_TRIES,
  INVOICE_SMS_CODE_ATTEMPTS,
  INVOICE_SMS_CODE_MINUTES,
  type InvoiceDeliveryInfo,
  isMobileNumber,
  toPracticeIsoDateTime,
} from '@praxia/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { practiceScope, type Scope, systemScope } from '../../lib/scope.js';
import { createPin, hashesEqual, hashToken } from '../../lib/tokens.js';
import { AppError, notFound } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import { findCustomer } from '../customers/index.js';
import { ensureInvoiceFiles, findActiveInvoice, type InvoiceRow } from '../invoices/index.js';
import { render, sendMail } from '../mail/index.js';
import { type SmsProvider, SmsProviderError } from '../sms/index.js';
import { findUserById } from '../users/index.js';
import {
  countWrongCode,
  type DeliveryRow,
  findValidDelivery,
  lockDelivery,
  markDelivered,
  storeDeliveryCode,
} from './invoice-delivery.repo.js';
import { findPatientContact } from './invoice-send.repo.js';
import { deliveryCodeSmsText, deliveryLockedMailText } from './invoice-send-mail-texts.js';
import { findActiveNotice } from './overdue-notice.repo.js';
import { noticeLabel } from './overdue-notice.view.js';

const MINUTE_MS = 60_000;

/** The token is all a patient's page has: its link is looked up across practices, and then works inside its own. */
const anyPractice = systemScope('invoice download link');

// Unknown, expired links and links of deleted documents answer alike (security.md): the page shows one text.
const linkNotFound = () => notFound('Link not found');
const codeGone = () =>
  new AppError(ErrorCode.invoiceCodeExpired, {
    status: 410,
    detail: 'Der Code ist abgelaufen. Bitte fordern Sie einen neuen Code an.',
  });

// A locked link says so (only the link's holder sees it): the patient learns to ask the practice, not to retry.
const linkLocked = () =>
  new AppError(ErrorCode.invoiceLinkLocked, {
    status: 410,
    detail:
      'Dieser Link wurde aus Sicherheitsgründen gesperrt. Ihre Praxis wurde informiert; bitte wenden Sie sich an sie.',
  });

/** The code's hash is bound to its link: a code sent for one link never opens another. */
const hashCode = (delivery: DeliveryRow, code: string) =>
  createHash('sha256').update(delivery.tokenHash).update(code).digest();

/** The link's document, while it and its invoice exist: its label and stored PDF. */
async function deliveredDocument(db: Executor, scope: Scope, delivery: DeliveryRow) {
  if (delivery.overdueNoticeId !== null) {
    const found = await findActiveNotice(db, scope, delivery.overdueNoticeId);
    if (!found) throw linkNotFound();
    const { notice, invoice } = found;
    return {
      label: noticeLabel(notice.type, notice.number, String(invoice.invoiceNumber)),
      pdfKey: notice.pdfKey,
      fileName: `${notice.fileName}.pdf`,
      resource: 'overdueNotice' as const,
      resourceId: notice.id,
      therapistId: invoice.therapistId,
      invoice: null,
    };
  }
  const invoice = delivery.invoiceId !== null ? await findActiveInvoice(db, scope, delivery.invoiceId) : undefined;
  if (!invoice) throw linkNotFound();
  const word = invoice.kind === 'cancellation' ? 'Stornorechnung' : 'Rechnung';
  return {
    label: `${word} Nr. ${invoice.invoiceNumber}`,
    pdfKey: invoice.pdfKey,
    fileName: `${invoice.fileName}.pdf`,
    resource: 'invoice' as const,
    resourceId: invoice.id,
    therapistId: invoice.therapistId,
    // Its files may still be drawn (issue-time drawing happens after commit).
    invoice,
  };
}

type Link = { delivery: DeliveryRow; scope: Scope; document: Awaited<ReturnType<typeof deliveredDocument>> };

/** The link of a token and its document; everything after works inside the link's practice. A locked link is gone. */
async function findLink(db: Executor, token: string, forUpdate = false): Promise<Link> {
  const delivery = await findValidDelivery(db, anyPractice, hashToken(token), new Date(), forUpdate);
  if (!delivery) throw linkNotFound();
  if (delivery.lockedAt) throw linkLocked();
  const scope = practiceScope(delivery.customerId);
  return { delivery, scope, document: await deliveredDocument(db, scope, delivery) };
}

/**
 * Locks the link for good (it reached a lifetime cap) and tells the invoice's therapist by mail, in the same unit of
 * work: the lock commits, and the caller answers 410 after it.
 */
async function lockLink(tx: AppContext, { delivery, scope, document }: Link): Promise<void> {
  await lockDelivery(tx.db, scope, delivery.id, new Date());
  const therapist = await findUserById(tx.db, document.therapistId);
  if (!therapist || therapist.deleted) return;
  const language = therapist.language === 'en' ? 'en' : 'de';
  await sendMail(tx, render(therapist.email, deliveryLockedMailText(language, therapist.firstName, document.label)));
}

/** '+4915123456789' → '•••• •••• 89': enough to recognise one's own phone, too little to learn the number. */
const maskMobile = (phone: string | null) => (phone ? `•••• •••• ${phone.slice(-2)}` : '');

/** GET /invoice-delivery/{token}: what the page shows before the code. */
export async function getDeliveryInfo(ctx: AppContext, token: string): Promise<InvoiceDeliveryInfo> {
  const { delivery, scope, document } = await findLink(ctx.db, token);
  const [practice, contact] = await Promise.all([
    findCustomer(ctx.db, delivery.customerId),
    findPatientContact(ctx.db, scope, delivery.clientId),
  ]);
  return {
    practiceName: practice?.name ?? '',
    documentLabel: document.label,
    maskedMobile: maskMobile(contact?.phone ?? null),
    expiresAt: toPracticeIsoDateTime(delivery.expiresAt),
  };
}

/**
 * POST /invoice-delivery/{token}/code: a new 6-digit code (crypto randomInt) by SMS to the patient's current mobile
 * number, valid INVOICE_SMS_CODE_MINUTES; at most one a minute per link. The code is stored (hashed) before the
 * provider is asked, so a code that reached the phone always works.
 */
export async function requestDeliveryCode(ctx: AppContext, sms: SmsProvider | null, token: string): Promise<void> {
  if (!sms) {
    throw new AppError(ErrorCode.smsUnavailable, {
      status: 503,
      detail: 'Der SMS-Versand ist derzeit nicht eingerichtet. Bitte wenden Sie sich an Ihre Praxis.',
    });
  }
  const message = await withTransaction(ctx, async (tx) => {
    const link = await findLink(tx.db, token, true);
    const { delivery, scope } = link;
    if (delivery.codesSent >= INVOICE_LINK_MAX_CODES) {
      await lockLink(tx, link);
      return null;
    }
    const now = Date.now();
    const lastCodeAt = delivery.codeExpiresAt
      ? delivery.codeExpiresAt.getTime() - INVOICE_SMS_CODE_MINUTES * MINUTE_MS
      : null;
    if (lastCodeAt !== null && now - lastCodeAt < MINUTE_MS) {
      throw new AppError(ErrorCode.invoiceCodeTooSoon, {
        status: 429,
        detail: 'Bitte warten Sie eine Minute, bevor Sie einen neuen Code anfordern.',
      });
    }
    const practice = await findCustomer(tx.db, delivery.customerId);
    const contact = await findPatientContact(tx.db, scope, delivery.clientId);
    if (!practice || !contact?.phone || !isMobileNumber(contact.phone, contact.phoneCountry)) {
      throw new AppError(ErrorCode.invoiceSendNotMobile, {
        status: 409,
        detail: 'Mobilnummer in Patientenakte erforderlich.',
      });
    }
    const code = createPin();
    await storeDeliveryCode(
      tx.db,
      scope,
      delivery.id,
      hashCode(delivery, code),
      new Date(now + INVOICE_SMS_CODE_MINUTES * MINUTE_MS),
    );
    const language = practice.language === 'en' ? 'en' : 'de';
    return { to: contact.phone, text: deliveryCodeSmsText(language, practice.name, code), customerId: practice.id };
  });
  if (!message) throw linkLocked();
  try {
    await sms.send(message);
  } catch (error) {
    if (!(error instanceof SmsProviderError)) throw error;
    ctx.log.warn(`SMS provider refused the code message: ${error.message}`);
    throw new AppError(ErrorCode.badGateway, {
      status: 502,
      detail: 'Die SMS konnte nicht gesendet werden. Bitte versuchen Sie es später erneut.',
    });
  }
}

type CodeCheck =
  | { outcome: 'ok'; pdfKey: string; fileName: string; invoice: InvoiceRow | null }
  | { outcome: 'wrong'; triesLeft: number }
  | { outcome: 'gone' }
  | { outcome: 'locked' };

/**
 * POST /invoice-delivery/{token}/download {code}: the stored PDF for the right code. A wrong try is counted and
 * committed before answering; the INVOICE_SMS_CODE_ATTEMPTS-th wrong try, or a code past its minutes, is gone (410).
 * The link's INVOICE_LINK_MAX_WRONG_TRIES-th wrong try over its whole life locks it (410 error.invoiceLinkLocked).
 */
export async function downloadDelivery(ctx: AppContext, token: string, code: string) {
  const check = await withTransaction(ctx, async (tx): Promise<CodeCheck> => {
    const link = await findLink(tx.db, token, true);
    const { delivery, scope, document } = link;
    const now = new Date();
    const isLive =
      delivery.codeHash !== null &&
      delivery.codeExpiresAt !== null &&
      delivery.codeExpiresAt > now &&
      delivery.codeAttempts < INVOICE_SMS_CODE_ATTEMPTS;
    if (!isLive || !delivery.codeHash) return { outcome: 'gone' };
    if (!hashesEqual(hashCode(delivery, code), delivery.codeHash)) {
      const { attempts, wrongTries } = await countWrongCode(tx.db, scope, delivery.id);
      if (wrongTries >= INVOICE_LINK_MAX_WRONG_TRIES) {
        await lockLink(tx, link);
        return { outcome: 'locked' };
      }
      const triesLeft = INVOICE_SMS_CODE_ATTEMPTS - attempts;
      return triesLeft > 0 ? { outcome: 'wrong', triesLeft } : { outcome: 'gone' };
    }
    await markDelivered(tx.db, scope, delivery.id, now);
    await recordAudit(tx.db, {
      actor: null,
      customerId: delivery.customerId,
      patientId: delivery.clientId,
      action: 'download',
      resource: document.resource,
      resourceId: document.resourceId,
      detail: { byPatient: true },
    });
    return { outcome: 'ok', pdfKey: document.pdfKey, fileName: document.fileName, invoice: document.invoice };
  });
  if (check.outcome === 'gone') throw codeGone();
  if (check.outcome === 'locked') throw linkLocked();
  if (check.outcome === 'wrong') {
    throw new AppError(ErrorCode.invoiceCodeWrong, {
      status: 422,
      detail: `Der Code ist falsch. Verbleibende Versuche: ${check.triesLeft}.`,
      fields: { code: ['error.pinInvalid'] },
      params: { triesLeft: String(check.triesLeft) },
    });
  }
  if (check.invoice) await ensureInvoiceFiles(ctx, check.invoice);
  const data = await ctx.storage.get(check.pdfKey);
  if (!data) throw linkNotFound();
  return { data, fileName: check.fileName };
}
