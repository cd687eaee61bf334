import { z } from 'zod';

export const paymentResultSchema = z.object({ checkoutUrl: z.string() });

export const PAYMENT_STATUSES = ['open', 'processing', 'paid', 'failed', 'canceled', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** GET /user/payment: the practice's latest upgrade payment. */
export const latestPaymentSchema = z.object({ id: z.number(), status: z.enum(PAYMENT_STATUSES) });

/** The built-in sandbox provider's checkout page data. */
export const sandboxCheckoutSchema = z.object({
  id: z.string(),
  status: z.string(),
  amountCents: z.number(),
  description: z.string(),
});
export const SANDBOX_OUTCOMES = ['paid', 'failed', 'canceled'] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];
export const sandboxOutcomeSchema = z.object({ outcome: z.enum(SANDBOX_OUTCOMES) });
export const sandboxRedirectSchema = z.object({ redirectUrl: z.string() });

/** The practice's own invoices for its plan (one per paid month), newest first; amounts in euros. */
export const planInvoiceListSchema = z.object({
  list: z.array(
    z.object({
      id: z.number(),
      invoiceNumber: z.string(),
      issueDate: z.string(),
      periodStart: z.string(),
      periodEnd: z.string(),
      amount: z.number(),
    }),
  ),
});
export type PlanInvoiceListItem = z.infer<typeof planInvoiceListSchema>['list'][number];
