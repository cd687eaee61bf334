CREATE TABLE "invoice_appointments" (
	"invoice_id" integer NOT NULL,
	"appointment_id" integer NOT NULL,
	CONSTRAINT "invoice_appointments_invoice_id_appointment_id_pk" PRIMARY KEY("invoice_id","appointment_id")
);
--> statement-breakpoint
CREATE TABLE "invoice_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" "bytea" NOT NULL,
	"customer_id" integer NOT NULL,
	"invoice_id" integer,
	"overdue_notice_id" integer,
	"client_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"code_hash" "bytea",
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"downloaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_deliveries_token" UNIQUE("token_hash"),
	CONSTRAINT "invoice_deliveries_one_document" CHECK (("invoice_deliveries"."invoice_id" IS NULL) <> ("invoice_deliveries"."overdue_notice_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"therapist_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"invoice_number" integer NOT NULL,
	"kind" text DEFAULT 'invoice' NOT NULL,
	"cancels_invoice_id" integer,
	"state" text DEFAULT 'created' NOT NULL,
	"amount_cents" integer NOT NULL,
	"due_date" date NOT NULL,
	"document" jsonb NOT NULL,
	"pdf_key" text NOT NULL,
	"docx_key" text NOT NULL,
	"file_name" text NOT NULL,
	"send_count" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_customer_number" UNIQUE("customer_id","invoice_number"),
	CONSTRAINT "invoices_send_count" CHECK ("invoices"."send_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "overdue_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"type" text NOT NULL,
	"number" integer NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"due_date" date NOT NULL,
	"document" jsonb NOT NULL,
	"pdf_key" text NOT NULL,
	"file_name" text NOT NULL,
	"send_count" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "iban" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "bic" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "account_holder" text;--> statement-breakpoint
ALTER TABLE "invoice_appointments" ADD CONSTRAINT "invoice_appointments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_appointments" ADD CONSTRAINT "invoice_appointments_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_deliveries" ADD CONSTRAINT "invoice_deliveries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_deliveries" ADD CONSTRAINT "invoice_deliveries_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_deliveries" ADD CONSTRAINT "invoice_deliveries_overdue_notice_id_overdue_notices_id_fk" FOREIGN KEY ("overdue_notice_id") REFERENCES "public"."overdue_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_deliveries" ADD CONSTRAINT "invoice_deliveries_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_therapist_id_users_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_cancels" FOREIGN KEY ("cancels_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overdue_notices" ADD CONSTRAINT "overdue_notices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overdue_notices" ADD CONSTRAINT "overdue_notices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overdue_notices" ADD CONSTRAINT "overdue_notices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_appointments_appointment" ON "invoice_appointments" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "invoice_deliveries_expires" ON "invoice_deliveries" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "invoices_customer_created" ON "invoices" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_therapist_created" ON "invoices" USING btree ("therapist_id","created_at");--> statement-breakpoint
CREATE INDEX "overdue_notices_invoice" ON "overdue_notices" USING btree ("invoice_id");