import { z } from 'zod';
import { listLimitField, listPageField } from '../appointments/type-schemas.js';
import { dateTimeField } from '../appointments/validation.js';
import { idField } from '../common/fields.js';
import { booleanParam } from '../users/list-schemas.js';
import {
  INVOICE_LIST_FILTERS,
  INVOICE_ORDER_FIELDS,
  INVOICE_PATCH_STATES,
  invoiceListItemSchema,
  monthlySummaryItemSchema,
} from './invoice-schemas.js';

/** GET /invoice (contract): limit 0 means 1000; the range runs from the start day's 00:00:00 to the end day's 23:59:59. */
export const invoiceQuerySchema = z.object({
  limit: listLimitField,
  page: listPageField,
  orderBy: z.enum(INVOICE_ORDER_FIELDS).default('createdAt'),
  descending: booleanParam.default(true),
  dateStart: dateTimeField.optional(),
  dateEnd: dateTimeField.optional(),
  therapistId: idField.optional(),
  /** Only invoices still to be paid (issued, neither paid nor cancelled): the overview's open invoices. */
  open: booleanParam.optional(),
  state: z.enum(INVOICE_LIST_FILTERS).optional(),
});
export type InvoiceQuery = z.infer<typeof invoiceQuerySchema>;

export const invoiceListSchema = z.object({
  list: z.array(invoiceListItemSchema),
  maxItems: z.number(),
  /** The sum of every listed invoice's amount in euros (all pages; cancellations count negative). */
  sum: z.number(),
  currentPage: z.number(),
  limit: z.number(),
});

/** POST /invoice: the named appointments, or every invoiceable past one of the therapists. */
export const invoiceCreateSchema = z.object({
  appointmentIds: z.array(idField).min(1).max(500).optional(),
  therapistIds: z.array(idField).max(100).optional(),
  confirmExclusions: z.boolean().optional(),
});
export type InvoiceCreateInput = z.infer<typeof invoiceCreateSchema>;
export const invoiceCreatedSchema = z.object({ list: z.array(invoiceListItemSchema) });

export const invoicePatchSchema = z.object({ state: z.enum(INVOICE_PATCH_STATES) });

/** pdf (a Factur-X / ZUGFeRD PDF/A-3), docx, or xrechnung: the XRechnung XML alone, for a business client. */
export const invoiceFileQuerySchema = z.object({ type: z.enum(['pdf', 'docx', 'xrechnung']).default('pdf') });
export const invoiceInlineFileQuerySchema = z.object({ type: z.enum(['pdf']).default('pdf') });
export const invoiceFileParamsSchema = z.object({ id: idField, name: z.string().min(1).max(200) });

export const monthlySummaryQuerySchema = z.object({ therapistId: idField.optional() });
export const monthlySummarySchema = z.object({
  list: z.array(monthlySummaryItemSchema),
  total: z.number(),
  paid: z.number(),
  open: z.number(),
});
