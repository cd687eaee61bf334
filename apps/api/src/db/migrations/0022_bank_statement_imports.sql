-- The day an invoice was paid: the booking date of the bank credit that settled it, or the day it was marked paid.
ALTER TABLE "invoices" ADD COLUMN "paid_at" date;--> statement-breakpoint
-- Every credit of an imported bank statement (CAMT.053/054), kept so that importing the same statement again changes
-- nothing: `entry_key` is derived from the bank's own references and is unique per practice.
CREATE TABLE "bank_statement_entries" (
  "id" serial PRIMARY KEY NOT NULL,
  "customer_id" integer NOT NULL REFERENCES "customers"("id") ON DELETE restrict,
  "entry_key" text NOT NULL,
  "booking_date" date NOT NULL,
  "amount_cents" integer NOT NULL,
  "reference" text NOT NULL,
  "debtor_name" text NOT NULL,
  "invoice_id" integer REFERENCES "invoices"("id") ON DELETE restrict,
  "matched_by" text,
  "imported_by" integer REFERENCES "users"("id") ON DELETE set null,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "bank_statement_entries_customer_key" UNIQUE ("customer_id", "entry_key"),
  CONSTRAINT "bank_statement_entries_amount" CHECK ("amount_cents" > 0),
  CONSTRAINT "bank_statement_entries_matched_by" CHECK ("matched_by" IN ('reference', 'hand')),
  CONSTRAINT "bank_statement_entries_assigned" CHECK (("invoice_id" IS NULL) = ("matched_by" IS NULL))
);--> statement-breakpoint
CREATE INDEX "bank_statement_entries_invoice" ON "bank_statement_entries" ("invoice_id");--> statement-breakpoint
-- Row-level security as migration 0015 sets it up for every table with a customer_id.
ALTER TABLE "bank_statement_entries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bank_statement_entries" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY practice_rows ON "bank_statement_entries" USING (
  CASE current_setting('app.practice_id', true)
    WHEN 'system' THEN true
    WHEN '' THEN false
    ELSE customer_id = current_setting('app.practice_id', true)::integer
  END
);
