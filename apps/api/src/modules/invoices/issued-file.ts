import type { AppContext } from '../../context.js';
import type { Actor } from '../../plugins/actor.js';
import { recordAudit } from '../audit/index.js';
import { invoiceNotFound } from './invoice-lookup.js';

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;

type IssuedInvoice = { id: number; customerId: number; clientId: number; fileName: string; storageKey: string };

/**
 * An issued file as stored (an invoice never changes after issue), handed out with an audit row: every download of
 * an invoice names its patient. A file missing from the store answers like a missing invoice.
 */
export async function readIssuedFile(
  ctx: AppContext,
  actor: Actor,
  invoice: IssuedInvoice,
  type: keyof typeof CONTENT_TYPES,
  detail: Record<string, unknown> = {},
) {
  const data = await ctx.storage.get(invoice.storageKey);
  if (!data) throw invoiceNotFound();
  await recordAudit(ctx.db, {
    actor,
    customerId: invoice.customerId,
    patientId: invoice.clientId,
    action: 'download',
    resource: 'invoice',
    resourceId: invoice.id,
    detail: { type, ...detail },
  });
  return { data, contentType: CONTENT_TYPES[type], filename: `${invoice.fileName}.${type}` };
}
