import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.js';
import { customers } from '../customers/customers.schema.js';
import { users } from '../users/users.schema.js';

/** A therapist's appointment type in one practice (spec appointments §3 Appointment type). */
export const appointmentTypes = pgTable(
  'appointment_types',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    insuranceType: text('insurance_type', { enum: ['legally', 'privately'] }),
    location: text('location', { enum: ['onSite', 'remote', 'both'] }).notNull(),
    bookingDeadline: text('booking_deadline', {
      enum: ['none', 'PT2H', 'PT6H', 'PT12H', 'PT16H', 'P1D', 'P2D', 'P3D', 'P7D'],
    })
      .notNull()
      .default('none'),
    deactivated: boolean('deactivated').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('appointment_types_owner').on(table.customerId, table.userId),
    // Spec §9: the duration has fewer than 4 digits.
    check('appointment_types_duration', sql`${table.durationMinutes} BETWEEN 1 AND 999`),
  ],
);
