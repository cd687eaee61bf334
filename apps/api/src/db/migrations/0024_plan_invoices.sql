-- The practice's own invoices for its Praxia plan: one per paid charge of the subscription (the first payment and
-- every monthly one), issued by the platform's operator, numbered consecutively across the platform (§14 Abs. 4 Nr. 4
-- UStG), with the stored PDF. Rows are never changed or deleted.
CREATE TABLE "plan_invoices" (
  "id" serial PRIMARY KEY NOT NULL,
  "customer_id" integer NOT NULL REFERENCES "customers"("id") ON DELETE restrict,
  "payment_id" integer NOT NULL REFERENCES "payments"("id") ON DELETE restrict,
  "sequence" integer NOT NULL,
  "invoice_number" text NOT NULL,
  "issue_date" date NOT NULL,
  "period_start" date NOT NULL,
  "period_end" date NOT NULL,
  "net_cents" integer NOT NULL,
  "tax_cents" integer NOT NULL,
  "gross_cents" integer NOT NULL,
  "pdf_key" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "plan_invoices_payment" UNIQUE ("payment_id"),
  CONSTRAINT "plan_invoices_sequence" UNIQUE ("sequence"),
  CONSTRAINT "plan_invoices_number" UNIQUE ("invoice_number"),
  CONSTRAINT "plan_invoices_amounts" CHECK ("net_cents" + "tax_cents" = "gross_cents")
);--> statement-breakpoint
CREATE INDEX "plan_invoices_customer" ON "plan_invoices" ("customer_id", "issue_date");--> statement-breakpoint
-- Row-level security as migration 0015 sets it for every table with a customer_id.
ALTER TABLE "plan_invoices" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "plan_invoices" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY practice_rows ON "plan_invoices" USING (
  CASE current_setting('app.practice_id', true)
    WHEN 'system' THEN true
    WHEN '' THEN false
    ELSE customer_id = current_setting('app.practice_id', true)::integer
  END
);--> statement-breakpoint
-- A charge of the subscription names it at the provider; the sandbox keeps the same link for its own charges.
ALTER TABLE "sandbox_payments" ADD COLUMN "subscription_id" text;--> statement-breakpoint
-- Files a mail carries, read from the file storage when it is sent: [{ "filename", "contentType", "storageKey" }].
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;
