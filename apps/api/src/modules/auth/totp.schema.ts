import { bigint, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { bytea, timestamptz } from '../../db/columns.js';
import { users } from '../users/users.schema.js';

/** A user's authenticator app (TOTP, RFC 6238); unconfirmed until its first code arrived. */
export const userTotp = pgTable('user_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /**
   * Encrypted (totp-secret-box.ts: `v1:<keyId>:…`), or the plain base32 of a row from before encryption until its
   * next use. The API hands the secret out only while the enrolment is unconfirmed.
   */
  secret: text('secret').notNull(),
  confirmedAt: timestamptz('confirmed_at'),
  /** The time step of the last accepted code: a code (and any older one) is refused after it. */
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** Single-use recovery codes, given at TOTP confirmation; only their SHA-256 is stored. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: bytea('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [index('recovery_codes_user').on(table.userId)],
);
