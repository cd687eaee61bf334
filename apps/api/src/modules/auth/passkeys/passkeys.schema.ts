import { bigint, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, timestamptz } from '../../../db/columns.js';
import { users } from '../../users/users.schema.js';
import { loginChallenges } from '../auth.schema.js';

/** A user's WebAuthn credentials (passkeys): the public key and the signature counter the authenticator keeps. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id as the browser names it (base64url); unique across all users. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key from the attestation. */
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    name: text('name').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (table) => [uniqueIndex('passkeys_credential_id').on(table.credentialId), index('passkeys_user').on(table.userId)],
);

/**
 * WebAuthn challenges waiting for the browser's answer: in the database, since the answer may reach another app
 * process than the options did. Only the challenge's SHA-256 is kept; a row is deleted as it is used (single use).
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: serial('id').primaryKey(),
    challengeHash: bytea('challenge_hash').notNull(),
    purpose: text('purpose', { enum: ['register', 'signIn', 'secondFactor'] }).notNull(),
    /** Who registers, or whose second step it is; null for a sign-in with a passkey alone. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The password step this challenge completes (secondFactor only). */
    loginChallengeId: integer('login_challenge_id').references(() => loginChallenges.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [uniqueIndex('passkey_challenges_hash').on(table.challengeHash)],
);
