import { z } from 'zod';
import { idField } from '../common/fields.js';

/** A bank statement file may be this large; a year of a small practice's account is far below it. */
export const BANK_STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * What became of a credit: settled an invoice by its reference (`matched`), assigned by hand (`assigned`), waits for
 * the user (`unassigned`, German "zuzuordnen"), or was imported before and left as it was (`duplicate`).
 */
export const BANK_ENTRY_STATUSES = ['matched', 'assigned', 'unassigned', 'duplicate'] as const;

export const bankEntrySuggestionSchema = z.object({
  invoiceId: z.number(),
  invoiceNumber: z.string(),
  userName: z.string(),
  /** What is still to be paid on the invoice, in euros. */
  openAmount: z.number(),
  reason: z.enum(['reference', 'amountAndName', 'name']),
});

export const bankEntrySchema = z.object({
  id: z.number(),
  bookingDate: z.string(),
  amount: z.number(),
  reference: z.string(),
  debtorName: z.string(),
  status: z.enum(BANK_ENTRY_STATUSES),
  invoiceId: z.number().nullable(),
  invoiceNumber: z.string().nullable(),
  suggestions: z.array(bankEntrySuggestionSchema),
});
export type BankEntry = z.infer<typeof bankEntrySchema>;

export const bankStatementImportSchema = z.object({
  entries: z.array(bankEntrySchema),
  matched: z.number(),
  unassigned: z.number(),
  duplicates: z.number(),
  /** Debits of the statement: not ours to match, only counted. */
  debitsSkipped: z.number(),
  /** Every credit was imported before: nothing changed. */
  alreadyImported: z.boolean(),
});
export type BankStatementImport = z.infer<typeof bankStatementImportSchema>;

export const bankEntryListSchema = z.object({
  list: z.array(bankEntrySchema),
  /** A demo practice has a sample statement to download (GET /invoice/bank-statement/sample). */
  sampleAvailable: z.boolean(),
});
export const bankEntryParamsSchema = z.object({ id: idField });
export const bankEntryAssignSchema = z.object({ invoiceId: idField });
