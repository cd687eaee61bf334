import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.js';

/**
 * A practice (tenant). Every tenant-owned row elsewhere carries its id and restricts deletion: a practice is only
 * ever soft-deleted (deleted_at), because its invoices and records must be kept for years (§147 AO, §630f BGB).
 */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    street: text('street'),
    postalCode: text('postal_code'),
    city: text('city'),
    language: text('language').notNull().default('de'),
    phone: text('phone'),
    email: text('email'),
    deactivated: boolean('deactivated').notNull().default(false),
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    trialExpiresAt: timestamptz('trial_expires_at'),
    status: text('status', { enum: ['active', 'canceled'] })
      .notNull()
      .default('active'),
    firstPatientNumber: integer('first_patient_number'),
    firstInvoiceNumber: integer('first_invoice_number'),
    patientRemark: text('patient_remark'),
    paymentModalities: text('payment_modalities'),
    paymentTermInvoice: integer('payment_term_invoice').notNull().default(14),
    paymentTermOverdueNotice: integer('payment_term_overdue_notice').notNull().default(14),
    taxNumber: text('tax_number'),
    showTaxNumber: boolean('show_tax_number').notNull().default(false),
    taxExceptionMedicalServices: text('tax_exception_medical_services', { enum: ['add', 'no'] })
      .notNull()
      .default('add'),
    taxExceptionSmallBusiness: text('tax_exception_small_business', { enum: ['add', 'no'] })
      .notNull()
      .default('no'),
    invoiceRemote: text('invoice_remote', { enum: ['mark', 'nomark'] })
      .notNull()
      .default('nomark'),
    logoFilename: text('logo_filename'),
    /** The practice's bank account for the invoices' payment details and GiroCode (issue 11); IBAN checksum-valid. */
    iban: text('iban'),
    bic: text('bic'),
    accountHolder: text('account_holder'),
    remarks: text('remarks'),
    /** The tax adviser's DATEV numbers and chart of accounts, for the booking batch of the invoices. */
    datevConsultantNumber: integer('datev_consultant_number'),
    datevClientNumber: integer('datev_client_number'),
    datevChart: text('datev_chart', { enum: ['SKR03', 'SKR04'] })
      .notNull()
      .default('SKR03'),
    /** The practice at the payment provider, and its monthly subscription once paid. */
    paymentCustomerId: text('payment_customer_id'),
    subscriptionId: text('subscription_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** Set when the practice is deleted: hidden everywhere, its users signed out, its data kept. */
    deletedAt: timestamptz('deleted_at'),
  },
  // Holds under concurrent edits too: the tax number may only be shown on invoices when there is one.
  (table) => [
    check(
      'customers_show_tax_number_needs_tax_number',
      sql`NOT ${table.showTaxNumber} OR coalesce(${table.taxNumber}, '') <> ''`,
    ),
    // DATEV's own ranges: Beraternummer 1001–9999999, Mandantennummer 1–99999.
    check('customers_datev_consultant_number', sql`${table.datevConsultantNumber} BETWEEN 1001 AND 9999999`),
    check('customers_datev_client_number', sql`${table.datevClientNumber} BETWEEN 1 AND 99999`),
  ],
);
