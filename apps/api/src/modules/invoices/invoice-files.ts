import { createHash, randomUUID } from 'node:crypto';
import type { InvoiceDocument } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import type { CustomerRow } from '../customers/index.js';
import { logoContentType } from '../customers/index.js';
import { renderInvoiceDocx, renderInvoicePdf } from './documents/index.js';

/**
 * The files a request wrote before its transaction committed. Invoice files get fresh random keys, so when the
 * transaction fails they are removed (best effort); one left behind by a crash is unreferenced and never served,
 * because files are only read through the keys of committed rows.
 */
export class WrittenFiles {
  readonly keys: string[] = [];

  async put(ctx: AppContext, key: string, data: Buffer) {
    this.keys.push(key);
    await ctx.storage.put(key, data);
  }

  async removeAll(ctx: AppContext) {
    for (const key of this.keys.splice(0)) {
      await ctx.storage.remove(key).catch((error: unknown) => ctx.log.warn({ err: error, key }, 'file not removed'));
    }
  }
}

/**
 * A copy of the practice's current logo for its documents: a new logo deletes the old file, but an issued invoice must
 * keep the one it was issued with. Named by content, so one logo is stored once however many invoices use it; shared
 * by committed invoices, such a copy is therefore never removed when a transaction fails.
 */
export async function invoiceLogo(ctx: AppContext, practice: CustomerRow) {
  if (!practice.logoFilename) return { key: null, data: null };
  const data = await ctx.storage.get(practice.logoFilename);
  if (!data) return { key: null, data: null };
  const extension = logoContentType(practice.logoFilename) === 'image/png' ? 'png' : 'jpg';
  const hash = createHash('sha256').update(data).digest('hex');
  const key = `practices/${practice.id}/invoice-logos/${hash}.${extension}`;
  if (!(await ctx.storage.get(key))) await ctx.storage.put(key, data);
  return { key, data };
}

/** Renders the PDF and the Word file of an issued document and stores both under new keys. */
export async function storeInvoiceFiles(
  ctx: AppContext,
  written: WrittenFiles,
  customerId: number,
  doc: InvoiceDocument,
  logo: Buffer | null,
) {
  const [pdf, docx] = await Promise.all([renderInvoicePdf(doc, { logo }), renderInvoiceDocx(doc, { logo })]);
  const base = `practices/${customerId}/invoices/${randomUUID()}`;
  const pdfKey = `${base}.pdf`;
  const docxKey = `${base}.docx`;
  await written.put(ctx, pdfKey, pdf);
  await written.put(ctx, docxKey, docx);
  return { pdfKey, docxKey };
}

/** The download name without extension (spec: e.g. Rechnung-1042.pdf). */
export const invoiceFileName = (kind: InvoiceDocument['kind'], invoiceNumber: number) =>
  `${kind === 'cancellation' ? 'Stornorechnung' : 'Rechnung'}-${invoiceNumber}`;
