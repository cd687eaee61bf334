import type { AppContext } from '../../context.js';
import type { Actor } from '../../plugins/actor.js';
import { recordAudit } from '../audit/index.js';
import { ensureInvoiceFiles } from './invoice-files.js';
import { invoiceNotFound } from './invoice-lookup.js';
import type { InvoiceRow } from './invoices.repo.js';

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xml: 'application/xml',
} as const;

type InvoiceOfFile = { id: number; customerId: number; clientId: number; fileName: string };

/** Every download of an invoice file names its patient in the audit log. */
export async function recordInvoiceDownload(
  ctx: AppContext,
  actor: Actor,
  invoice: InvoiceOfFile,
  detail: Record<string, unknown>,
) {
  await recordAudit(ctx.db, {
    actor,
    customerId: invoice.customerId,
    patientId: invoice.clientId,
    action: 'download',
    resource: 'invoice',
    resourceId: invoice.id,
    detail,
  });
}

/** A file made from the invoice (e.g. its XRechnung), handed out like a stored one. */
export const invoiceFile = (invoice: InvoiceOfFile, data: Buffer, type: keyof typeof CONTENT_TYPES) => ({
  data,
  contentType: CONTENT_TYPES[type],
  filename: `${invoice.fileName}.${type}`,
});

/**
 * An issued file as stored (an invoice never changes after issue; drawn first if it has not been yet, as right after
 * the issue), handed out with an audit row: every download of an invoice names its patient. A file missing from the
 * store answers like a missing invoice.
 */
export async function readIssuedFile(
  ctx: AppContext,
  actor: Actor,
  invoice: InvoiceRow,
  type: 'pdf' | 'docx',
  detail: Record<string, unknown> = {},
) {
  await ensureInvoiceFiles(ctx, invoice);
  const data = await ctx.storage.get(type === 'pdf' ? invoice.pdfKey : invoice.docxKey);
  if (!data) throw invoiceNotFound();
  await recordInvoiceDownload(ctx, actor, invoice, { type, ...detail });
  return invoiceFile(invoice, data, type);
}
