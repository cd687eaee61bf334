import type {
  INVOICE_ORDER_FIELDS,
  INVOICE_PATCH_STATES,
  InvoiceListItem,
  OVERDUE_NOTICE_TYPES,
  OverdueNotice,
} from '@praxia/shared';
import { api, dataOf } from '../../lib/api-client';
import type { DateRangeQuery } from './invoice-date-range';

export type InvoiceOrder = (typeof INVOICE_ORDER_FIELDS)[number];
export type InvoicePatchState = (typeof INVOICE_PATCH_STATES)[number];
export type OverdueNoticeType = (typeof OVERDUE_NOTICE_TYPES)[number];

export type InvoiceListParams = DateRangeQuery & {
  page: number;
  /** Rows per page; 0 asks for all (1000, spec §7). */
  limit: number;
  orderBy: InvoiceOrder;
  descending: boolean;
  /** The sidebar's therapist for an assistant or practice owner; the server scopes a therapist to their own. */
  therapistId: number | null;
};

export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (params: InvoiceListParams) => ['invoices', 'list', params] as const,
  summary: (therapistId: number | null) => ['invoices', 'summary', therapistId] as const,
  notices: (invoiceId: number, page: number) => ['invoices', 'notices', invoiceId, page] as const,
};

const byId = (id: number) => ({ params: { path: { id } } });

export const listInvoices = (params: InvoiceListParams) =>
  dataOf(
    api.GET('/api/invoice', {
      params: {
        query: {
          limit: params.limit === 0 ? 1000 : params.limit,
          page: params.page,
          orderBy: params.orderBy,
          descending: params.descending,
          dateStart: params.dateStart,
          dateEnd: params.dateEnd,
          therapistId: params.therapistId ?? undefined,
        },
      },
    }),
  );

export type InvoiceCreateBody = { appointmentIds?: number[]; therapistIds?: number[]; confirmExclusions?: boolean };

/** POST /invoice: one invoice per therapist and patient; answers the new invoices. */
export const createInvoices = async (body: InvoiceCreateBody): Promise<InvoiceListItem[]> =>
  (await dataOf(api.POST('/api/invoice', { body }))).list;

export const patchInvoiceState = (id: number, state: InvoicePatchState) =>
  dataOf(api.PATCH('/api/invoice/{id}', { ...byId(id), body: { state } }));

export const deleteInvoice = (id: number) => dataOf(api.DELETE('/api/invoice/{id}', byId(id)));

export const sendInvoice = (id: number) => dataOf(api.POST('/api/invoice/{id}/send', byId(id)));

/** The stored file as an attachment (the browser keeps the server's file name). */
export const invoiceFileHref = (id: number, type: 'pdf' | 'docx') => `/api/invoice/${id}/file?type=${type}`;

/** The stored PDF inline, for a new tab; the name only titles the tab. */
export const invoiceOpenHref = (invoice: Pick<InvoiceListItem, 'id' | 'filename'>) =>
  `/api/invoice/${invoice.id}/file/${encodeURIComponent(invoice.filename)}?type=pdf`;

export const getMonthlySummary = (therapistId: number | null) =>
  dataOf(api.GET('/api/invoice/monthly-summary', { params: { query: { therapistId: therapistId ?? undefined } } }));

/** Spec §9: the dunning table shows 10 rows per page. */
export const NOTICE_PAGE_SIZE = 10;

export const searchOverdueNotices = (invoiceId: number, page: number) =>
  dataOf(api.POST('/api/invoice/overdue-notice/search', { body: { invoiceId, page, limit: NOTICE_PAGE_SIZE } }));

export const createOverdueNotice = (invoiceId: number, type: OverdueNoticeType): Promise<OverdueNotice> =>
  dataOf(api.POST('/api/invoice/overdue-notice', { body: { invoiceId, type } }));

export const sendOverdueNotice = (id: number) => dataOf(api.POST('/api/invoice/overdue-notice/{id}/send', byId(id)));

export const deleteOverdueNotice = (id: number) => dataOf(api.DELETE('/api/invoice/overdue-notice/{id}', byId(id)));

export const overdueNoticeDownloadHref = (notice: Pick<OverdueNotice, 'id' | 'fileName'>) =>
  `/api/invoice/overdue-notice/${notice.id}/download/${encodeURIComponent(notice.fileName)}?action=download`;
