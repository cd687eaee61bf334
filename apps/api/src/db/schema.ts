import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A practice (tenant). Every tenant-owned row elsewhere carries its id. */
export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  street: text('street'),
  postalCode: text('postal_code'),
  city: text('city'),
  language: text('language').notNull().default('de'),
  phone: text('phone'),
  email: text('email'),
  deactivated: boolean('deactivated').notNull().default(false),
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
  remarks: text('remarks'),
  /** The practice at the payment provider, and its monthly subscription once paid. */
  paymentCustomerId: text('payment_customer_id'),
  subscriptionId: text('subscription_id'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    roles: integer('roles').notNull().default(1),
    salutation: text('salutation'),
    title: text('title'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    language: text('language', { enum: ['de', 'en'] })
      .notNull()
      .default('de'),
    phone: text('phone'),
    street: text('street'),
    postalCode: text('postal_code'),
    city: text('city'),
    jobTitleType: text('job_title_type'),
    jobTitleFreetext: text('job_title_freetext'),
    taxNumber: text('tax_number'),
    showTaxNumber: boolean('show_tax_number').notNull().default(false),
    pinTransportMethod: text('pin_transport_method', { enum: ['none', 'email'] })
      .notNull()
      .default('none'),
    isConfirmed: boolean('is_confirmed').notNull().default(false),
    termsAcceptedAt: timestamptz('terms_accepted_at'),
    // Therapist invoice settings (spec foundations §3).
    returnAddress: text('return_address'),
    invoiceSignature: text('invoice_signature'),
    invoiceAssessmentSessions: text('invoice_assessment_sessions', { enum: ['mark', 'nomark'] })
      .notNull()
      .default('nomark'),
    invoicePatientNumber: text('invoice_patient_number', { enum: ['show', 'hide'] })
      .notNull()
      .default('hide'),
    billingApproval: boolean('billing_approval').notNull().default(false),
    deactivated: boolean('deactivated').notNull().default(false),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_unique').on(sql`lower(${table.email})`)],
);

/** Which practices a user belongs to (the spec allows at most one to be chosen in forms). */
export const userCustomers = pgTable(
  'user_customers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.userId] }), index('user_customers_user').on(table.userId)],
);

/** Server-side sessions; the cookie holds a random id, only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: bytea('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    idleExpiresAt: timestamptz('idle_expires_at').notNull(),
    absoluteExpiresAt: timestamptz('absolute_expires_at').notNull(),
  },
  (table) => [index('sessions_user').on(table.userId)],
);

/** One-time tokens sent in links (password reset, e-mail change, registration confirmation). */
export const securityTokens = pgTable(
  'security_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: bytea('token_hash').notNull(),
    kind: text('kind', { enum: ['passwordReset', 'emailChange', 'registrationConfirm'] }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, string>>().notNull().default({}),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('security_tokens_hash').on(table.tokenHash)],
);

/** A sign-in waiting for its e-mail code (two-factor). */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: serial('id').primaryKey(),
    tokenHash: bytea('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pinHash: bytea('pin_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamptz('expires_at').notNull(),
    closedAt: timestamptz('closed_at'),
  },
  (table) => [uniqueIndex('login_challenges_hash').on(table.tokenHash)],
);

/** Mails leave through this outbox after the transaction that queued them commits. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** 'pending' until sent by SMTP; 'kept' when no SMTP server is configured (shown on /dev/mail). */
    state: text('state', { enum: ['pending', 'sent', 'kept', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    sentAt: timestamptz('sent_at'),
    lastError: text('last_error'),
  },
  (table) => [index('mail_outbox_due').on(table.state, table.nextAttemptAt)],
);

/** Upgrade payments of a practice; the provider's word (fetched, never taken from a webhook body) sets the status. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['sandbox', 'mollie'] }).notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    /** 'processing' while one webhook sets up the subscription; others see it and leave. */
    status: text('status', { enum: ['open', 'processing', 'paid', 'failed', 'canceled', 'expired'] })
      .notNull()
      .default('open'),
    amountCents: integer('amount_cents').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_provider_id').on(table.provider, table.providerPaymentId),
    index('payments_customer').on(table.customerId),
  ],
);

/** The built-in sandbox payment provider's own records (what Mollie would hold). */
export const sandboxPayments = pgTable('sandbox_payments', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: ['payment', 'subscription'] }).notNull(),
  status: text('status').notNull(),
  amountCents: integer('amount_cents').notNull(),
  description: text('description').notNull(),
  redirectUrl: text('redirect_url'),
  webhookUrl: text('webhook_url'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
