-- A download link's whole life is capped, not just each code's: every code sent and every wrong try counts on
-- (a new code no longer starts the count again), and a link past either cap is locked for good.
ALTER TABLE "invoice_deliveries" ADD COLUMN "codes_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_deliveries" ADD COLUMN "wrong_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_deliveries" ADD COLUMN "locked_at" timestamp with time zone;
