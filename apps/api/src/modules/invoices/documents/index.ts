import type { InvoiceDocument, OverdueNoticeDocument } from '@praxia/shared';
import { drawInvoiceDocx } from './invoice-docx.js';
import { drawInvoicePdf } from './invoice-pdf.js';
import { drawOverdueNoticePdf } from './notice-pdf.js';

// The documents of an invoice and a notice, drawn only from their frozen content (an issued invoice never changes):
// a DIN 5008 letter drawn directly with pdfkit, and the same content as Word.

/** What a document needs besides its frozen content: the practice logo (PNG or JPEG) copied at issue time. */
export type DocumentAssets = { logo: Buffer | null };

export const renderInvoicePdf = (doc: InvoiceDocument, assets: DocumentAssets) => drawInvoicePdf(doc, assets);

export const renderOverdueNoticePdf = (doc: OverdueNoticeDocument, assets: DocumentAssets) =>
  drawOverdueNoticePdf(doc, assets);

export const renderInvoiceDocx = (doc: InvoiceDocument, assets: DocumentAssets): Promise<Buffer> =>
  drawInvoiceDocx(doc, assets);

export {
  type NoticeAddressee,
  type NoticeFacts,
  noticeParagraphs,
  noticeSalutation,
  noticeTitle,
} from './notice-texts.js';
