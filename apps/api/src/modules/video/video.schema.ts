import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { bytea, timestamptz } from '../../db/columns.js';
import { appointments } from '../calendar/appointments.schema.js';
import { users } from '../users/users.schema.js';

/**
 * The therapist's short-lived tokens for the video page (issue 10): one per click on "start", only its hash kept. It
 * opens the page within THERAPIST_VIDEO_TOKEN_MINUTES; once its WebSocket joined (`joinedAt`), it stays good for
 * rejoining (a reload, a dropped connection) until the appointment ends. It goes with its appointment.
 */
export const videoTherapistTokens = pgTable(
  'video_therapist_tokens',
  {
    /** SHA-256 of the 256-bit token. */
    tokenHash: bytea('token_hash').primaryKey(),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    joinedAt: timestamptz('joined_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('video_therapist_tokens_appointment').on(table.appointmentId),
    index('video_therapist_tokens_expires').on(table.expiresAt),
  ],
);

/**
 * The patient's personal join link of an online appointment: one per appointment (a new one replaces the old, so a
 * resent link retires the earlier mail's), bound to the client it was made for — rebooking the slot for someone
 * else, cancelling or deleting the appointment ends it.
 */
export const videoPatientLinks = pgTable('video_patient_links', {
  tokenHash: bytea('token_hash').primaryKey(),
  appointmentId: integer('appointment_id')
    .notNull()
    .unique('video_patient_links_appointment')
    .references(() => appointments.id, { onDelete: 'cascade' }),
  clientId: integer('client_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/**
 * Video metadata, nothing else (privacy notice: kept VIDEO_METADATA_DAYS): which appointment, who (role) joined and
 * left when. No foreign keys on purpose, like the audit log: the rows outlive what they name until the housekeeping
 * deletes them.
 */
export const videoSessions = pgTable(
  'video_sessions',
  {
    id: serial('id').primaryKey(),
    appointmentId: integer('appointment_id').notNull(),
    customerId: integer('customer_id').notNull(),
    role: text('role', { enum: ['therapist', 'patient'] }).notNull(),
    joinedAt: timestamptz('joined_at').notNull().defaultNow(),
    leftAt: timestamptz('left_at'),
  },
  (table) => [index('video_sessions_joined').on(table.joinedAt)],
);
