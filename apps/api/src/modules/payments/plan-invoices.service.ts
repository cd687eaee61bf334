import { randomUUID } from 'node:crypto';
import {
  addPracticeDays,
  addPracticeMonths,
  formatEuro,
  PRICE_PER_MONTH_CENTS,
  toPracticeIsoDate,
} from '@praxia/shared';
import type { AppContext } from '../../context.js';
import { type PracticeScope, practiceScope, scopeOf, systemScope } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { notFound } from '../../plugins/errors.js';
import { storeThenCommit } from '../../storage/unreferenced-files.js';
import { type CustomerRow, findCustomer } from '../customers/index.js';
import { drawPlanInvoicePdf, type PlanInvoiceDocument } from '../invoices/index.js';
import { render, sendMail } from '../mail/index.js';
import {
  findPlanInvoice,
  findPlanInvoiceOfPayment,
  insertPlanInvoice,
  listPlanInvoices,
  nextPlanInvoiceSequence,
  type PlanInvoiceRow,
} from './plan-invoices.repo.js';

/** The plan's VAT: an electronic service to a business in Germany, standard rate (§12 Abs. 1 UStG). */
const PLAN_VAT_PERCENT = 19;
export const PLAN_DESCRIPTION = 'Praxia Vollversion (monatlich)';

/** The gross price split into net and VAT, the net rounded half up to the cent and the VAT the rest. */
export function planAmounts(grossCents: number) {
  const netCents = Math.round((grossCents * 100) / (100 + PLAN_VAT_PERCENT));
  return { netCents, taxCents: grossCents - netCents, grossCents };
}

/** PX-2026-000042: the platform's own series, apart from every practice's numbers. */
const planInvoiceNumber = (issueDate: string, sequence: number) =>
  `PX-${issueDate.slice(0, 4)}-${String(sequence).padStart(6, '0')}`;

const fileNameOf = (row: Pick<PlanInvoiceRow, 'invoiceNumber'>) => `Praxia-Rechnung-${row.invoiceNumber}.pdf`;

function invoiceMail(practice: CustomerRow, recipient: string, row: PlanInvoiceRow, publicUrl: string) {
  const mail = render(
    recipient,
    practice.language === 'en'
      ? {
          subject: `Your Praxia invoice ${row.invoiceNumber}`,
          lines: [
            'Hello,',
            `thank you for your payment of ${formatEuro(row.grossCents)}. The invoice for your Praxia plan is attached; you also find it on the upgrade page.`,
          ],
          link: { label: 'Your invoices', url: `${publicUrl}/customer/upgrade` },
        }
      : {
          subject: `Ihre Praxia-Rechnung ${row.invoiceNumber}`,
          lines: [
            'Guten Tag,',
            `vielen Dank für Ihre Zahlung über ${formatEuro(row.grossCents)}. Die Rechnung für Ihren Praxia-Tarif finden Sie im Anhang und jederzeit auf der Seite „Vollversion“.`,
          ],
          link: { label: 'Ihre Rechnungen', url: `${publicUrl}/customer/upgrade` },
        },
  );
  return {
    ...mail,
    attachments: [{ filename: fileNameOf(row), contentType: 'application/pdf', storageKey: row.pdfKey }],
  };
}

/**
 * The invoice for one paid charge of the practice's plan, issued once per payment (a webhook may come twice): the
 * next number of the platform's series, the PDF stored, the practice mailed with it attached. The PDF is drawn with
 * the number read before the transaction and stored first (no storage write inside a transaction); the transaction
 * takes the numbering lock and inserts the invoice only if that number is still the next one, so numbers follow the
 * order of issue without gaps. Otherwise the round runs again with the new number (the unused PDF is removed).
 */
export async function issuePlanInvoice(
  ctx: AppContext,
  paymentId: number,
  practiceId: number,
  paidAt: Date,
  /** The demo data issues past months' invoices, without mail. */
  options: { now?: Date; notify?: boolean } = {},
) {
  const practice = await findCustomer(ctx.db, practiceId);
  if (!practice) return;
  for (let attempt = 1; ; attempt++) {
    try {
      return await storeAndInsertPlanInvoice(ctx, practice, paymentId, paidAt, options);
    } catch (error) {
      if (error instanceof AlreadyIssued) return;
      // Each retry follows an invoice another process issued meanwhile; a busy series settles within a few rounds.
      if (!(error instanceof NumberTaken) || attempt === 10) throw error;
    }
  }
}

class AlreadyIssued extends Error {}
class NumberTaken extends Error {}

async function storeAndInsertPlanInvoice(
  ctx: AppContext,
  practice: CustomerRow,
  paymentId: number,
  paidAt: Date,
  options: { now?: Date; notify?: boolean },
) {
  const scope = practiceScope(practice.id);
  const platform = systemScope('plan invoice numbering');
  if (await findPlanInvoiceOfPayment(ctx.db, scope, paymentId)) return;
  const sequence = await nextPlanInvoiceSequence(ctx.db, platform, { isLocked: false });
  const issueDate = toPracticeIsoDate(options.now ?? new Date());
  const periodStart = toPracticeIsoDate(paidAt);
  const periodEnd = toPracticeIsoDate(addPracticeDays(addPracticeMonths(paidAt, 1), -1));
  const document: PlanInvoiceDocument = {
    invoiceNumber: planInvoiceNumber(issueDate, sequence),
    issueDate,
    periodStart,
    periodEnd,
    paidOn: periodStart,
    operator: ctx.config.operator,
    practice: {
      id: practice.id,
      name: practice.name,
      street: practice.street,
      postalCode: practice.postalCode,
      city: practice.city,
    },
    description: PLAN_DESCRIPTION,
    taxRatePercent: PLAN_VAT_PERCENT,
    ...planAmounts(PRICE_PER_MONTH_CENTS),
  };
  const pdf = await drawPlanInvoicePdf(document);
  const pdfKey = `practices/${practice.id}/plan-invoices/${randomUUID()}.pdf`;
  await storeThenCommit(ctx, [{ key: pdfKey, write: (storage) => storage.put(pdfKey, pdf) }], async (tx) => {
    if ((await nextPlanInvoiceSequence(tx.db, platform)) !== sequence) throw new NumberTaken();
    if (await findPlanInvoiceOfPayment(tx.db, scope, paymentId)) throw new AlreadyIssued();
    const row = await insertPlanInvoice(tx.db, scope, {
      paymentId,
      sequence,
      invoiceNumber: document.invoiceNumber,
      issueDate,
      periodStart,
      periodEnd,
      netCents: document.netCents,
      taxCents: document.taxCents,
      grossCents: document.grossCents,
      pdfKey,
    });
    if (practice.email && options.notify !== false)
      await sendMail(tx, invoiceMail(practice, practice.email, row, ctx.config.publicUrl));
  });
}

function ownPractice(actor: Actor): PracticeScope {
  const scope = scopeOf(actor);
  if (scope.kind !== 'practice') throw notFound('Customer not found');
  return practiceScope(scope.practiceId, actor.userId);
}

/** GET /customer/plan-invoices: the practice's invoices for its plan, newest first. */
export async function getPlanInvoices(ctx: AppContext, actor: Actor) {
  const rows = await listPlanInvoices(ctx.db, ownPractice(actor));
  return {
    list: rows.map((row) => ({
      id: row.id,
      invoiceNumber: row.invoiceNumber,
      issueDate: row.issueDate,
      periodStart: row.periodStart,
      periodEnd: row.periodEnd,
      amount: row.grossCents / 100,
    })),
  };
}

/** GET /customer/plan-invoices/{id}/file: the stored PDF; another practice's id answers like a missing one. */
export async function getPlanInvoiceFile(ctx: AppContext, actor: Actor, id: number) {
  const row = await findPlanInvoice(ctx.db, ownPractice(actor), id);
  const data = row ? await ctx.storage.get(row.pdfKey) : null;
  if (!row || !data) throw notFound('Invoice not found');
  return { data, filename: fileNameOf(row) };
}
