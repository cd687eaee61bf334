-- The tax adviser's DATEV numbers and the practice's chart of accounts (SKR 03 or SKR 04), for the invoices' DATEV
-- booking batch. The numbers are DATEV's own ranges; both stay empty until the practice enters them.
ALTER TABLE "customers" ADD COLUMN "datev_consultant_number" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "datev_client_number" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "datev_chart" text DEFAULT 'SKR03' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_datev_chart" CHECK ("datev_chart" IN ('SKR03', 'SKR04'));--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_datev_consultant_number" CHECK ("datev_consultant_number" BETWEEN 1001 AND 9999999);--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_datev_client_number" CHECK ("datev_client_number" BETWEEN 1 AND 99999);
