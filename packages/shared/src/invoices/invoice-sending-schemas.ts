import { z } from 'zod';
import { OVERDUE_NOTICE_TYPES, overdueNoticeSchema } from './invoice-schemas.js';

// Request and answer shapes of the dunning notices, the sending and the patient's public download (issue 11).

const id = z.coerce.number().int().min(1).max(2_147_483_647);

export const invoiceIdParamsSchema = z.object({ id });
export const overdueNoticeIdParamsSchema = z.object({ id });

export const overdueNoticeSearchSchema = z.object({
  invoiceId: z.number().int().min(1).max(2_147_483_647),
  limit: z.number().int().min(1).max(100).default(10),
  page: z.number().int().min(1).max(100_000).default(1),
});

export const overdueNoticePageSchema = z.object({
  list: z.array(overdueNoticeSchema),
  maxItems: z.number(),
  currentPage: z.number(),
  limit: z.number(),
});

export const overdueNoticeCreateSchema = z.object({
  invoiceId: z.number().int().min(1).max(2_147_483_647),
  type: z.enum(OVERDUE_NOTICE_TYPES),
});

/** Only 'sent' (sent by post); deleting has its own call. */
export const overdueNoticePatchSchema = z.object({ state: z.literal('sent') });

export const overdueNoticeDownloadParamsSchema = z.object({ id, fileName: z.string().min(1).max(200) });
export const overdueNoticeDownloadQuerySchema = z.object({ action: z.literal('download').optional() });

/** The link token from the patient's e-mail: 256 random bits in base64url (43 characters). */
export const invoiceDeliveryTokenParamsSchema = z.object({
  token: z
    .string()
    .min(20)
    .max(100)
    .regex(/^[\w-]+$/),
});

/** GET /invoice-delivery/{token}: what the public page shows before the code; no amounts, no health data. */
export const invoiceDeliveryInfoSchema = z.object({
  practiceName: z.string(),
  /** 'Rechnung 1042', '1. Zahlungserinnerung zu Rechnung 1042', 'Mahnung zu Rechnung 1042'. */
  documentLabel: z.string(),
  /** The last two digits only ('•••• •• 89'). */
  maskedMobile: z.string(),
  expiresAt: z.string(),
});
export type InvoiceDeliveryInfo = z.infer<typeof invoiceDeliveryInfoSchema>;

export const invoiceDeliveryCodeSchema = z.object({ code: z.string().regex(/^\d{6}$/, 'error.onlyDigits') });

/** A delivery link stays valid this long. */
export const INVOICE_DELIVERY_DAYS = 30;
