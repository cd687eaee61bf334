CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"customer_id" integer,
	"patient_id" integer,
	"action" text NOT NULL,
	"resource" text NOT NULL,
	"resource_id" text,
	"outcome" text NOT NULL,
	"request_id" text,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "medical_history_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"therapist_id" integer NOT NULL,
	"note" text,
	"filename" text,
	"storage_key" text,
	"content_type" text,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"parent_id" integer,
	"shared_with_patient" boolean DEFAULT false NOT NULL,
	"sent_by_patient" boolean DEFAULT false NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medical_history_note_or_file" CHECK (("medical_history_entries"."note" IS NULL) <> ("medical_history_entries"."storage_key" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"therapist_id" integer NOT NULL,
	"patient_number" integer NOT NULL,
	"birthday" date,
	"insurance_type" text,
	"care_of" text,
	"invoice_address" text,
	"invoice_digital" text DEFAULT 'yes' NOT NULL,
	"internal_note" text,
	"invoice_remark" text,
	"default_user_diagnosis_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "patients_number_per_practice" UNIQUE("customer_id","patient_number")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "server_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diagnoses" (
	"code_value" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"block_label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_schedule_items" (
	"code_value" text PRIMARY KEY NOT NULL,
	"section" text NOT NULL,
	"title" text NOT NULL,
	"title_short" text NOT NULL,
	"points" integer NOT NULL,
	"threshold_factor" numeric(3, 2) NOT NULL,
	"max_factor" numeric(3, 2) NOT NULL,
	"reference_code" text,
	"notes" text
);
--> statement-breakpoint
CREATE TABLE "user_diagnoses" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"code_value" text,
	"free_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_diagnoses_code_or_text" CHECK (("user_diagnoses"."code_value" IS NULL) <> ("user_diagnoses"."free_text" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "user_fee_defaults" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"code_value" text,
	"alternative_title" text,
	"incremental_rate" numeric(3, 2),
	"coaching_title" text,
	"coaching_amount_cents" integer,
	"coaching_amount_tax" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_fee_defaults_goae_or_coaching" CHECK (("user_fee_defaults"."code_value" IS NOT NULL AND "user_fee_defaults"."incremental_rate" IS NOT NULL AND "user_fee_defaults"."coaching_title" IS NULL)
        OR ("user_fee_defaults"."code_value" IS NULL AND "user_fee_defaults"."coaching_title" IS NOT NULL AND "user_fee_defaults"."coaching_amount_cents" IS NOT NULL))
);
--> statement-breakpoint
DROP INDEX "users_email_unique";--> statement-breakpoint
ALTER TABLE "user_customers" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "user_customers" ADD COLUMN "deactivated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_country" text DEFAULT 'DE' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "country" text DEFAULT 'DE' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "languages" text[] DEFAULT '{de}' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "therapeutic_focus" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "treatment_methods" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "coverage_types" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "therapist_profile_text" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_information" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vita" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "advertising" text DEFAULT 'no' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "salutation_searchable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "push_notification_agree" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_account" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "medical_history_entries" ADD CONSTRAINT "medical_history_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_history_entries" ADD CONSTRAINT "medical_history_entries_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_history_entries" ADD CONSTRAINT "medical_history_entries_therapist_id_users_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_history_entries" ADD CONSTRAINT "medical_history_entries_parent_id_medical_history_entries_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."medical_history_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_history_entries" ADD CONSTRAINT "medical_history_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_therapist_id_users_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_default_user_diagnosis_id_user_diagnoses_id_fk" FOREIGN KEY ("default_user_diagnosis_id") REFERENCES "public"."user_diagnoses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diagnoses" ADD CONSTRAINT "user_diagnoses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diagnoses" ADD CONSTRAINT "user_diagnoses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diagnoses" ADD CONSTRAINT "user_diagnoses_code_value_diagnoses_code_value_fk" FOREIGN KEY ("code_value") REFERENCES "public"."diagnoses"("code_value") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_fee_defaults" ADD CONSTRAINT "user_fee_defaults_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_fee_defaults" ADD CONSTRAINT "user_fee_defaults_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_fee_defaults" ADD CONSTRAINT "user_fee_defaults_code_value_fee_schedule_items_code_value_fk" FOREIGN KEY ("code_value") REFERENCES "public"."fee_schedule_items"("code_value") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_customer_at" ON "audit_log" USING btree ("customer_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_patient_at" ON "audit_log" USING btree ("patient_id","at");--> statement-breakpoint
CREATE INDEX "medical_history_client" ON "medical_history_entries" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "medical_history_therapist_files" ON "medical_history_entries" USING btree ("therapist_id") WHERE "medical_history_entries"."storage_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "patients_therapist" ON "patients" USING btree ("therapist_id");--> statement-breakpoint
CREATE INDEX "patients_customer_active" ON "patients" USING btree ("customer_id") WHERE "patients"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "push_subscriptions_user" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_diagnoses_user" ON "user_diagnoses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_fee_defaults_user" ON "user_fee_defaults" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_account_email_unique" ON "users" USING btree (lower("email")) WHERE "users"."is_account";--> statement-breakpoint
ALTER TABLE "user_customers" ADD CONSTRAINT "user_customers_id_unique" UNIQUE("id");