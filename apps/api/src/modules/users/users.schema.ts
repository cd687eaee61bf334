import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.js';
import { customers } from '../customers/customers.schema.js';

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
      .references(() => customers.id, { onDelete: 'restrict' }),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.userId] }), index('user_customers_user').on(table.userId)],
);
