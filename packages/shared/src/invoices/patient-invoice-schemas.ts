import { z } from 'zod';
import { INVOICE_STATES } from './invoice-schemas.js';

/** An invoice as its patient sees it: one the practice sent them (or that is paid); amount in euros. */
export const patientInvoiceSchema = z.object({
  id: z.number(),
  invoiceNumber: z.string(),
  kind: z.enum(['invoice', 'cancellation']),
  createdAt: z.string(),
  dueDate: z.string(),
  amount: z.number(),
  state: z.enum(INVOICE_STATES),
  therapistName: z.string(),
  filename: z.string(),
});
export type PatientInvoice = z.infer<typeof patientInvoiceSchema>;

export const patientInvoiceListSchema = z.object({ list: z.array(patientInvoiceSchema) });
