import { z } from 'zod';

export const INVOICE_STATES = ['created', 'paid', 'cancelled', 'deleted'] as const;
/** PATCH /invoice/{id} states (spec §7): 'sent' marks it sent without mailing (sent by post). */
export const INVOICE_PATCH_STATES = ['paid', 'created', 'cancelled', 'sent', 'deleted'] as const;
export const OVERDUE_NOTICE_TYPES = ['reminder', 'notice'] as const;
export const OVERDUE_NOTICE_STATES = ['created', 'sent', 'deleted'] as const;
/** Spec §3: whether an invoice can go out by e-mail with an SMS code. */
export const DIGITAL_SEND_AVAILABILITY = ['yes', 'not mobile', 'no digital', 'limit exceeded'] as const;
/** Digital sends per invoice or notice (spec §5 'limit exceeded'). */
export const INVOICE_SEND_LIMIT = 3;
export const INVOICE_SMS_CODE_ATTEMPTS = 5;
/**
 * Over a download link's whole life (30 days): the codes it may send and the wrong tries it allows. Past either the
 * link is locked for good and the practice is told, so neither guessing (at most this many of a million codes) nor
 * paid SMS (this many per link) grows with the link's lifetime.
 */
export const INVOICE_LINK_MAX_CODES = 10;
export const INVOICE_LINK_MAX_WRONG_TRIES = 20;
export const INVOICE_SMS_CODE_MINUTES = 10;
/** Spec §2.7: accounts created before this day (or without a date) may still download Word files. */
export const INVOICE_WORD_CUTOFF = '2025-05-10';
/**
 * The list's state filter: open = issued and neither paid nor cancelled (overdue ones included), overdue = open past
 * its due date, paid, cancelled (the cancelled invoices and their cancellations).
 */
export const INVOICE_LIST_FILTERS = ['open', 'overdue', 'paid', 'cancelled'] as const;
export type InvoiceListFilter = (typeof INVOICE_LIST_FILTERS)[number];
export const INVOICE_ORDER_FIELDS = ['invoiceNumber', 'createdAt', 'userName', 'amount', 'dueDate', 'state'] as const;

/** A row of GET /invoice (spec §3 Invoice); `amount` in euros as the spec shows it. */
export const invoiceListItemSchema = z.object({
  id: z.number(),
  invoiceNumber: z.string(),
  kind: z.enum(['invoice', 'cancellation']),
  createdAt: z.string(),
  userName: z.string(),
  clientId: z.number(),
  therapistId: z.number(),
  amount: z.number(),
  dueDate: z.string(),
  state: z.enum(INVOICE_STATES),
  /** The day it was paid (YYYY-MM-DD): a bank credit's booking date or the day it was marked paid. */
  paidAt: z.string().nullable(),
  filename: z.string(),
  sent: z.boolean(),
  digitalSendAvailability: z.enum(DIGITAL_SEND_AVAILABILITY),
  overdueNoticeType: z.enum(OVERDUE_NOTICE_TYPES).nullable(),
  overdueNoticeNumber: z.number().nullable(),
  overdueNoticeSent: z.boolean().nullable(),
  /** A business client's coaching invoice: also offered as XRechnung XML alone. */
  offersXrechnung: z.boolean(),
});
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;

export const overdueNoticeSchema = z.object({
  id: z.number(),
  invoiceId: z.number(),
  type: z.enum(OVERDUE_NOTICE_TYPES),
  number: z.number(),
  createdAt: z.string(),
  dueDate: z.string(),
  state: z.enum(OVERDUE_NOTICE_STATES),
  sent: z.boolean(),
  fileName: z.string(),
  digitalSendAvailability: z.enum(DIGITAL_SEND_AVAILABILITY),
});
export type OverdueNotice = z.infer<typeof overdueNoticeSchema>;

/** A month of the evaluation: invoiced in that month (euros), of which paid and still open. */
export const monthlySummaryItemSchema = z.object({
  month: z.string(),
  amount: z.number(),
  paid: z.number(),
  open: z.number(),
});
export type MonthlySummaryItem = z.infer<typeof monthlySummaryItemSchema>;
