import type {
  BankEntry,
  BankStatementImport,
  INVOICE_ORDER_FIELDS,
  INVOICE_PATCH_STATES,
  InvoiceListFilter,
  InvoiceListItem,
  OVERDUE_NOTICE_TYPES,
  OverdueNotice,
} from '@praxia/shared';
import { api, dataOf, toFormData } from '../../lib/api-client';
import { saveBlob } from '../../lib/save-blob';
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
  /** Only open, overdue, paid or cancelled invoices; null lists all. */
  state: InvoiceListFilter | null;
};

export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (params: InvoiceListParams) => ['invoices', 'list', params] as const,
  summary: (therapistId: number | null) => ['invoices', 'summary', therapistId] as const,
  notices: (invoiceId: number, page: number) => ['invoices', 'notices', invoiceId, page] as const,
  bankEntries: ['invoices', 'bank-entries'] as const,
  openForAssigning: ['invoices', 'open-for-assigning'] as const,
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
          state: params.state ?? undefined,
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

/** The XRechnung XML of a business client's invoice, saved by the browser; refusals come back as ApiError. */
export async function downloadXrechnung(invoice: Pick<InvoiceListItem, 'id' | 'invoiceNumber'>): Promise<void> {
  const { data } = await api.GET('/api/invoice/{id}/file', {
    params: { path: { id: invoice.id }, query: { type: 'xrechnung' } },
    parseAs: 'blob',
  });
  saveBlob(data as Blob, `XRechnung-${invoice.invoiceNumber}.xml`);
}

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

/** POST /invoice/bank-statement: the statement file as a form upload; answers what became of each credit. */
export const importBankStatement = (file: File): Promise<BankStatementImport> =>
  dataOf(api.POST('/api/invoice/bank-statement', { body: { file }, bodySerializer: toFormData }));

/** The credits waiting for an invoice, and whether this practice has a sample statement to try. */
export const listUnassignedBankEntries = () => dataOf(api.GET('/api/invoice/bank-statement/entries'));

export const assignBankEntry = (id: number, invoiceId: number): Promise<BankEntry> =>
  dataOf(api.POST('/api/invoice/bank-statement/entries/{id}/assign', { ...byId(id), body: { invoiceId } }));

/** Every open invoice (up to 1000), the choice when a credit is assigned by hand. */
export const listOpenInvoices = async (): Promise<InvoiceListItem[]> =>
  (
    await dataOf(
      api.GET('/api/invoice', { params: { query: { state: 'open', limit: 1000, orderBy: 'invoiceNumber' } } }),
    )
  ).list;

/** The sample statement of a demo practice (paying two of its open invoices); offered when the list says it exists. */
export const bankStatementSampleHref = '/api/invoice/bank-statement/sample';
