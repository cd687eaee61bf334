-- An invoice's PDF and Word file are drawn after the transaction that numbers it commits (drawing under the practice's
-- number lock held every other issue of the practice back). documents_ready_at says they are stored; until then they
-- are drawn on demand, or by the recovery job after a crash. Invoices issued before this migration have their files.
ALTER TABLE "invoices" ADD COLUMN "documents_ready_at" timestamp with time zone;--> statement-breakpoint
SELECT set_config('app.practice_id', 'system', true);--> statement-breakpoint
UPDATE "invoices" SET "documents_ready_at" = "created_at";--> statement-breakpoint
CREATE INDEX "invoices_documents_pending" ON "invoices" ("created_at") WHERE "documents_ready_at" IS NULL;
