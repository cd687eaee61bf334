import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.js';
import { customers } from '../customers/customers.schema.js';
import { users } from '../users/users.schema.js';

/** ICD-10-GM chapter V, codeable entries only (filled by a migration from the BfArM data; see SOURCES in it). */
export const diagnoses = pgTable('diagnoses', {
  codeValue: text('code_value').primaryKey(),
  title: text('title').notNull(),
  blockLabel: text('block_label').notNull(),
});

/**
 * GOÄ items of sections B and G, and the analog numbers of the 2024 joint recommendations, billed at their
 * reference item's points (filled by a migration). Amounts are computed: points × 5.82873 ct × factor.
 */
export const feeScheduleItems = pgTable('fee_schedule_items', {
  codeValue: text('code_value').primaryKey(),
  section: text('section').notNull(),
  title: text('title').notNull(),
  titleShort: text('title_short').notNull(),
  points: integer('points').notNull(),
  thresholdFactor: numeric('threshold_factor', { precision: 3, scale: 2 }).notNull(),
  maxFactor: numeric('max_factor', { precision: 3, scale: 2 }).notNull(),
  /** For analog numbers: the item whose points and name the invoice names ('entsprechend'). */
  referenceCode: text('reference_code'),
  notes: text('notes'),
});

/** A patient's diagnosis: a catalogue code or free text (spec people §3 User diagnosis). */
export const userDiagnoses = pgTable(
  'user_diagnoses',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    codeValue: text('code_value').references(() => diagnoses.codeValue, { onDelete: 'restrict' }),
    freeText: text('free_text'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('user_diagnoses_user').on(table.userId),
    check('user_diagnoses_code_or_text', sql`(${table.codeValue} IS NULL) <> (${table.freeText} IS NULL)`),
  ],
);

/**
 * A patient's default fee entry, added to every newly booked appointment: a GOÄ item at a rate, or a coaching fee
 * in integer cents (spec people §3 Patient fee-schedule entry).
 */
export const userFeeDefaults = pgTable(
  'user_fee_defaults',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    codeValue: text('code_value').references(() => feeScheduleItems.codeValue, { onDelete: 'restrict' }),
    alternativeTitle: text('alternative_title'),
    incrementalRate: numeric('incremental_rate', { precision: 3, scale: 2 }),
    /** Why a rate above the item's threshold is charged (§12 Abs.3 GOÄ); copied to each booked appointment's entry. */
    justification: text('justification'),
    coachingTitle: text('coaching_title'),
    coachingAmountCents: integer('coaching_amount_cents'),
    coachingAmountTax: text('coaching_amount_tax', { enum: ['add', 'notax'] }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('user_fee_defaults_user').on(table.userId),
    check(
      'user_fee_defaults_goae_or_coaching',
      sql`(${table.codeValue} IS NOT NULL AND ${table.incrementalRate} IS NOT NULL AND ${table.coachingTitle} IS NULL)
        OR (${table.codeValue} IS NULL AND ${table.coachingTitle} IS NOT NULL AND ${table.coachingAmountCents} IS NOT NULL)`,
    ),
  ],
);
