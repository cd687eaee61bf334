CREATE TABLE "appointment_fees" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"appointment_id" integer NOT NULL,
	"code_value" text,
	"alternative_title" text,
	"incremental_rate" numeric(4, 2),
	"coaching_title" text,
	"coaching_amount_cents" integer,
	"coaching_amount_tax" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_fees_goae_or_coaching" CHECK (("appointment_fees"."code_value" IS NOT NULL AND "appointment_fees"."coaching_title" IS NULL)
        OR ("appointment_fees"."code_value" IS NULL AND "appointment_fees"."coaching_title" IS NOT NULL AND "appointment_fees"."coaching_amount_cents" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "appointment_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"insurance_type" text,
	"location" text NOT NULL,
	"booking_deadline" text DEFAULT 'none' NOT NULL,
	"deactivated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_types_duration" CHECK ("appointment_types"."duration_minutes" BETWEEN 1 AND 999)
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"therapist_id" integer NOT NULL,
	"appointment_type_id" integer,
	"state" text DEFAULT 'available' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"location" text,
	"notes" text,
	"issue" text,
	"insurance_type" text,
	"client_id" integer,
	"client_salutation" text,
	"client_first_name" text,
	"client_last_name" text,
	"client_email" text,
	"client_phone_country" text,
	"client_phone" text,
	"client_street" text,
	"client_postal_code" text,
	"client_city" text,
	"send_emails" boolean DEFAULT true NOT NULL,
	"reminder_sent" boolean DEFAULT false NOT NULL,
	"billed_at" timestamp with time zone,
	"series_id" uuid,
	"series_interval" text,
	"series_count" integer,
	"cancel_token_hash" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_end_after_start" CHECK ("appointments"."ends_at" > "appointments"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "calendar_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"onsite_notification_default" boolean DEFAULT true NOT NULL,
	"feed_secret_hash" "bytea",
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointment_fees" ADD CONSTRAINT "appointment_fees_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_fees" ADD CONSTRAINT "appointment_fees_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_fees" ADD CONSTRAINT "appointment_fees_code_value_fee_schedule_items_code_value_fk" FOREIGN KEY ("code_value") REFERENCES "public"."fee_schedule_items"("code_value") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD CONSTRAINT "appointment_types_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD CONSTRAINT "appointment_types_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_therapist_id_users_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_appointment_type_id_appointment_types_id_fk" FOREIGN KEY ("appointment_type_id") REFERENCES "public"."appointment_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_settings" ADD CONSTRAINT "calendar_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_fees_appointment" ON "appointment_fees" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "appointment_types_owner" ON "appointment_types" USING btree ("customer_id","user_id");--> statement-breakpoint
CREATE INDEX "appointments_practice_start" ON "appointments" USING btree ("customer_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_therapist_start" ON "appointments" USING btree ("therapist_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_client" ON "appointments" USING btree ("client_id","therapist_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_series" ON "appointments" USING btree ("series_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_cancel_token" ON "appointments" USING btree ("cancel_token_hash");--> statement-breakpoint
CREATE INDEX "appointments_reminder_due" ON "appointments" USING btree ("starts_at") WHERE "appointments"."state" = 'taken' AND NOT "appointments"."reminder_sent";--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_settings_feed_secret" ON "calendar_settings" USING btree ("feed_secret_hash");--> statement-breakpoint
-- Hand-written (the schema DSL cannot say it): no two appointments of one therapist overlap, whatever the practice and
-- however many requests race (architecture.md). Half-open ranges, so 09:00-10:00 and 10:00-11:00 fit together.
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap"
  EXCLUDE USING gist ("therapist_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&);
