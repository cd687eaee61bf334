import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, timestamptz } from '../../db/columns.js';
import { users } from '../users/users.schema.js';

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
    /**
     * Why the session was ended before its time (null: live, or ended by a timeout). An ended session is kept until
     * its deadlines pass, so that a cookie still holding it learns why it no longer works.
     */
    endedReason: text('ended_reason', { enum: ['signedOut', 'passwordChanged', 'deactivated'] }),
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

/** A sign-in waiting for its second step (the e-mailed code or a strong factor). */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: serial('id').primaryKey(),
    tokenHash: bytea('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Null when the second step is a strong factor (a passkey or an app code), not an e-mailed code.
    pinHash: bytea('pin_hash'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamptz('expires_at').notNull(),
    closedAt: timestamptz('closed_at'),
  },
  (table) => [uniqueIndex('login_challenges_hash').on(table.tokenHash)],
);
