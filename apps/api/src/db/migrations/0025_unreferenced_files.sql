-- Files in the storage that no committed row references: written ahead of their row's transaction (which unlists
-- them when it commits) or replaced and deleted (listed by the transaction that drops the reference). A daily job
-- removes what is still listed after an hour. Keys are server-made and hold no practice's data, so the table has no
-- customer_id and no row-level security; only the storage code reads it.
CREATE TABLE "unreferenced_files" (
  "key" text PRIMARY KEY NOT NULL,
  "listed_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "unreferenced_files_listed_at" ON "unreferenced_files" ("listed_at");
