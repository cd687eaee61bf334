import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea, timestamptz } from '../../db/columns.js';
import { appointmentTypes } from '../appointment-types/appointment-types.schema.js';
import { customers } from '../customers/customers.schema.js';
import { feeScheduleItems } from '../records/records.schema.js';
import { users } from '../users/users.schema.js';

/**
 * A slot in a therapist's calendar (spec appointments §3 Appointment). Free slots are `available`; booking makes them
 * `taken` with a snapshot of the client's name, contact and address as entered, linked to the patient record. No two
 * appointments of one therapist overlap: an exclusion constraint (migration 0006) holds that under any concurrency.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    appointmentTypeId: integer('appointment_type_id').references(() => appointmentTypes.id, {
      onDelete: 'restrict',
    }),
    state: text('state', { enum: ['available', 'taken', 'billable', 'billed'] })
      .notNull()
      .default('available'),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    /** Where it takes place; chosen at booking when the type allows both. */
    location: text('location', { enum: ['onSite', 'remote'] }),
    notes: text('notes'),
    issue: text('issue'),
    insuranceType: text('insurance_type', { enum: ['legally', 'privately'] }),
    clientId: integer('client_id').references(() => users.id, { onDelete: 'restrict' }),
    clientSalutation: text('client_salutation'),
    clientFirstName: text('client_first_name'),
    clientLastName: text('client_last_name'),
    clientEmail: text('client_email'),
    clientPhoneCountry: text('client_phone_country'),
    clientPhone: text('client_phone'),
    clientStreet: text('client_street'),
    clientPostalCode: text('client_postal_code'),
    clientCity: text('client_city'),
    sendEmails: boolean('send_emails').notNull().default(true),
    reminderSent: boolean('reminder_sent').notNull().default(false),
    billedAt: timestamptz('billed_at'),
    seriesId: uuid('series_id'),
    seriesInterval: text('series_interval', { enum: ['P1W', 'P2W', 'P3W', 'P4W'] }),
    seriesCount: integer('series_count'),
    /** SHA-256 of the cancel link's token; cleared once used (the link works once). */
    cancelTokenHash: bytea('cancel_token_hash'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('appointments_practice_start').on(table.customerId, table.startsAt),
    index('appointments_therapist_start').on(table.therapistId, table.startsAt),
    index('appointments_client').on(table.clientId, table.therapistId, table.startsAt),
    index('appointments_series').on(table.seriesId),
    uniqueIndex('appointments_cancel_token').on(table.cancelTokenHash),
    // The reminder job's queue: taken appointments whose reminder is still due.
    index('appointments_reminder_due')
      .on(table.startsAt)
      .where(sql`${table.state} = 'taken' AND NOT ${table.reminderSent}`),
    check('appointments_end_after_start', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/**
 * A fee entry of an appointment (spec appointments §3 Appointment medical fee entry): a GOÄ item at a rate, or a
 * coaching fee in integer cents. Copied from the patient's fee defaults when the appointment is booked.
 */
export const appointmentFees = pgTable(
  'appointment_fees',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    codeValue: text('code_value').references(() => feeScheduleItems.codeValue, { onDelete: 'restrict' }),
    alternativeTitle: text('alternative_title'),
    incrementalRate: numeric('incremental_rate', { precision: 4, scale: 2 }),
    /** Why a rate above the item's threshold is charged (§12 Abs.3 GOÄ): the invoice prints exactly this under the line. */
    justification: text('justification'),
    coachingTitle: text('coaching_title'),
    coachingAmountCents: integer('coaching_amount_cents'),
    coachingAmountTax: text('coaching_amount_tax', { enum: ['add', 'notax'] }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('appointment_fees_appointment').on(table.appointmentId),
    check(
      'appointment_fees_goae_or_coaching',
      sql`(${table.codeValue} IS NOT NULL AND ${table.coachingTitle} IS NULL)
        OR (${table.codeValue} IS NULL AND ${table.coachingTitle} IS NOT NULL AND ${table.coachingAmountCents} IS NOT NULL)`,
    ),
  ],
);

/**
 * A therapist's calendar settings: the default e-mail notification for on-site appointments (spec §3
 * appointmentOnsiteNotificationDefault) and the hash of their private calendar feed's secret.
 */
export const calendarSettings = pgTable(
  'calendar_settings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    onsiteNotificationDefault: boolean('onsite_notification_default').notNull().default(true),
    feedSecretHash: bytea('feed_secret_hash'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('calendar_settings_feed_secret').on(table.feedSecretHash)],
);
