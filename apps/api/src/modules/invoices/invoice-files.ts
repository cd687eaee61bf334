import { createHash, randomUUID } from 'node:crypto';
import type { InvoiceDocument } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import { practiceScope } from '../../lib/scope.js';
import type { CustomerRow } from '../customers/index.js';
import { logoContentType } from '../customers/index.js';
import { renderInvoiceDocx, renderInvoicePdf } from './documents/index.js';
import { type InvoiceRow, markDocumentsReady } from './invoices.repo.js';

// An invoice's PDF and Word file are drawn from its frozen document after the transaction that numbered it has
// committed: drawing takes tens of milliseconds per invoice, and under the practice's number lock it held every other
// issue of the practice back. Until documentsReadyAt is set the files may be missing; whoever needs them first draws
// them (ensureInvoiceFiles), and the recovery job draws those a crash left behind. Every drawing of an invoice gives
// the same bytes (the documents are dated by their issue day), so drawing twice does no harm.

/**
 * A copy of the practice's current logo for its documents: a new logo deletes the old file, but an issued invoice must
 * keep the one it was issued with. Named by content, so one logo is stored once however many invoices use it, and
 * never removed. Made before the transaction: storage is never written inside one.
 */
export async function invoiceLogo(ctx: AppContext, practice: CustomerRow): Promise<string | null> {
  if (!practice.logoFilename) return null;
  const data = await ctx.storage.get(practice.logoFilename);
  if (!data) return null;
  const extension = logoContentType(practice.logoFilename) === 'image/png' ? 'png' : 'jpg';
  const hash = createHash('sha256').update(data).digest('hex');
  const key = `practices/${practice.id}/invoice-logos/${hash}.${extension}`;
  if (!(await ctx.storage.get(key))) await ctx.storage.put(key, data);
  return key;
}

/** The storage keys of a new invoice's files, stored with its row; the files are written there after commit. */
export function newInvoiceFileKeys(customerId: number) {
  const base = `practices/${customerId}/invoices/${randomUUID()}`;
  return { pdfKey: `${base}.pdf`, docxKey: `${base}.docx` };
}

type DrawnInvoice = Pick<InvoiceRow, 'id' | 'customerId' | 'document' | 'pdfKey' | 'docxKey'>;

/** The PDF and the Word file of an issued document, drawn from its frozen content and the logo copy it names. */
export async function drawInvoiceFiles(ctx: AppContext, doc: InvoiceDocument) {
  const logoKey = doc.practice.logoKey;
  const logo = logoKey ? await ctx.storage.get(logoKey) : null;
  // Drawn without it, the files would differ from those the invoice was issued with.
  if (logoKey && !logo) throw new Error(`invoice logo ${logoKey} missing from storage`);
  const [pdf, docx] = await Promise.all([renderInvoicePdf(doc, { logo }), renderInvoiceDocx(doc, { logo })]);
  return { pdf, docx };
}

/** Draws and stores an invoice's files and records that they exist. Outside any transaction. */
export async function storeInvoiceFiles(ctx: AppContext, invoice: DrawnInvoice): Promise<void> {
  const { pdf, docx } = await drawInvoiceFiles(ctx, invoice.document);
  await ctx.storage.put(invoice.pdfKey, pdf);
  await ctx.storage.put(invoice.docxKey, docx);
  await markDocumentsReady(ctx.db, practiceScope(invoice.customerId), invoice.id);
}

/** The files of an invoice exist once this returns: drawn now unless they were already. */
export async function ensureInvoiceFiles(
  ctx: AppContext,
  invoice: DrawnInvoice & Pick<InvoiceRow, 'documentsReadyAt'>,
): Promise<void> {
  if (invoice.documentsReadyAt === null) await storeInvoiceFiles(ctx, invoice);
}

/**
 * Right after an issue has committed: draws the new invoices' files one after another (other requests are served in
 * between). A failure leaves the invoices issued; their files are drawn on demand or by the recovery job.
 */
export async function storeIssuedFiles(ctx: AppContext, issued: readonly DrawnInvoice[]): Promise<void> {
  for (const invoice of issued) {
    try {
      await storeInvoiceFiles(ctx, invoice);
    } catch (error) {
      ctx.log.error({ err: error, invoiceId: invoice.id }, 'invoice files not drawn; drawn again later');
    }
  }
}

/** The download name without extension (spec: e.g. Rechnung-1042.pdf). */
export const invoiceFileName = (kind: InvoiceDocument['kind'], invoiceNumber: number) =>
  `${kind === 'cancellation' ? 'Stornorechnung' : 'Rechnung'}-${invoiceNumber}`;
