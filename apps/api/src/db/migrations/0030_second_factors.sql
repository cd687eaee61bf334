-- Hand-written (npx drizzle-kit generate --custom --name second_factors): TOTP and recovery codes as strong second
-- factors, and a practice's requirement of one for its staff.
--
-- A sign-in waiting for a strong factor has no mailed code to compare.
ALTER TABLE login_challenges ALTER COLUMN pin_hash DROP NOT NULL;--> statement-breakpoint
ALTER TABLE customers ADD COLUMN require_two_factor boolean NOT NULL DEFAULT false;--> statement-breakpoint
-- One authenticator per user. Unconfirmed until the first code proves the app holds the secret; last_time_step is the
-- time step of the last accepted code, so a code is taken once even across two sign-ins.
CREATE TABLE user_totp (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  secret text NOT NULL,
  confirmed_at timestamptz,
  last_time_step bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);--> statement-breakpoint
-- Single-use codes for a lost authenticator: only their SHA-256 is kept.
CREATE TABLE recovery_codes (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash bytea NOT NULL,
  used_at timestamptz
);--> statement-breakpoint
CREATE INDEX recovery_codes_user ON recovery_codes (user_id);
