-- WebAuthn credentials (passkeys) of users: several per user, each named by its user.
CREATE TABLE "passkeys" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "credential_id" text NOT NULL,
  "public_key" bytea NOT NULL,
  "counter" bigint DEFAULT 0 NOT NULL,
  "transports" text[] DEFAULT '{}' NOT NULL,
  "name" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_used_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "passkeys_credential_id" ON "passkeys" ("credential_id");--> statement-breakpoint
CREATE INDEX "passkeys_user" ON "passkeys" ("user_id");--> statement-breakpoint

-- Challenges handed to browsers, kept (as hashes) until used once or expired: several app processes share them.
CREATE TABLE "passkey_challenges" (
  "id" serial PRIMARY KEY NOT NULL,
  "challenge_hash" bytea NOT NULL,
  "purpose" text NOT NULL,
  "user_id" integer REFERENCES "users"("id") ON DELETE cascade,
  "login_challenge_id" integer REFERENCES "login_challenges"("id") ON DELETE cascade,
  "expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "passkey_challenges_hash" ON "passkey_challenges" ("challenge_hash");
