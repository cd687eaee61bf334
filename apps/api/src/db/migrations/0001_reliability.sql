CREATE TABLE "health_checks" (
	"id" integer PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "user_customers" DROP CONSTRAINT "user_customers_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_customers" ADD CONSTRAINT "user_customers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Rows written before the rule was held by the database (a lost concurrent update) get the option off first.
UPDATE "customers" SET "show_tax_number" = false WHERE "show_tax_number" AND coalesce("tax_number", '') = '';--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_show_tax_number_needs_tax_number" CHECK (NOT "customers"."show_tax_number" OR coalesce("customers"."tax_number", '') <> '');