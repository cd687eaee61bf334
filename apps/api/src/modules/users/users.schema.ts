import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /** ISO 3166 code of the phone number's country (spec people §3, default DE). */
    phoneCountry: text('phone_country').notNull().default('DE'),
    street: text('street'),
    postalCode: text('postal_code'),
    city: text('city'),
    /** ISO 3166 code of the address's country. */
    country: text('country').notNull().default('DE'),
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
    /** Printed under the therapist's name on invoices, beside the job title (e.g. the approbation and method). */
    qualificationLine: text('qualification_line'),
    invoiceAssessmentSessions: text('invoice_assessment_sessions', { enum: ['mark', 'nomark'] })
      .notNull()
      .default('nomark'),
    invoicePatientNumber: text('invoice_patient_number', { enum: ['show', 'hide'] })
      .notNull()
      .default('hide'),
    billingApproval: boolean('billing_approval').notNull().default(false),
    // The public profile and the search (spec people §3 staff user).
    website: text('website'),
    languages: text('languages').array().notNull().default(sql`'{de}'`),
    therapeuticFocus: text('therapeutic_focus').array().notNull().default(sql`'{}'`),
    treatmentMethods: text('treatment_methods').array().notNull().default(sql`'{}'`),
    coverageTypes: text('coverage_types').array().notNull().default(sql`'{}'`),
    therapistProfileText: text('therapist_profile_text'),
    billingInformation: text('billing_information'),
    /** Sanitised on the server to bold, underline, paragraphs and line breaks. */
    vita: text('vita'),
    advertising: text('advertising', { enum: ['show', 'no'] })
      .notNull()
      .default('no'),
    salutationSearchable: boolean('salutation_searchable').notNull().default(true),
    pushNotificationAgree: boolean('push_notification_agree').notNull().default(false),
    /** Storage key of the re-encoded avatar; null when the user has none. */
    avatarKey: text('avatar_key'),
    /**
     * Whether this row can sign in. Staff always; a patient only once invited to the patient portal. A patient
     * record without an account shares its e-mail address freely (a person may be a patient of several practices).
     */
    isAccount: boolean('is_account').notNull().default(true),
    deactivated: boolean('deactivated').notNull().default(false),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_account_email_unique').on(sql`lower(${table.email})`).where(sql`${table.isAccount}`)],
);

/**
 * Which practices a user belongs to (the spec allows at most one to be chosen in forms). An assignment can be
 * deactivated on its own (PATCH /user/customer-user/{id}): the user then counts as deactivated.
 */
export const userCustomers = pgTable(
  'user_customers',
  {
    id: serial('id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    deactivated: boolean('deactivated').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.userId] }),
    index('user_customers_user').on(table.userId),
    unique('user_customers_id_unique').on(table.id),
  ],
);
