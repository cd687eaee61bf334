-- State that several app processes on one PostgreSQL share. None of it belongs to a practice (no customer_id, so no
-- row-level security) and none of it is kept: expired counters and undelivered messages are swept by queue jobs.

-- Rate-limit counters: one fixed window per key (a hash of the route and the client or account), counted with one
-- atomic upsert, so N processes allow together what one allows.
CREATE TABLE "rate_limit_counters" (
  "key" bytea PRIMARY KEY NOT NULL,
  "hits" integer NOT NULL,
  "resets_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "rate_limit_counters_resets_at" ON "rate_limit_counters" ("resets_at");--> statement-breakpoint

-- The video signalling rooms: which connection (process and socket) holds each party, and how far the call got. Each
-- change runs under the row's lock, so two joins on two processes at the same moment are ordered.
CREATE TABLE "video_rooms" (
  "appointment_id" integer PRIMARY KEY NOT NULL,
  "therapist_connection" text,
  "patient_connection" text,
  "is_admitted" boolean DEFAULT false NOT NULL,
  "is_started" boolean DEFAULT false NOT NULL
);--> statement-breakpoint

-- Signalling messages too large for a NOTIFY payload (8000 bytes; an SDP offer can be larger): the notification
-- names the row, the receiving process deletes it as it reads it.
CREATE TABLE "video_relay_messages" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "body" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
