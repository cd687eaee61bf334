-- Video consultations (issue 10): the therapist's short-lived page tokens and the patient's join links (hashes only),
-- and the video metadata kept 90 days (who joined and left when; no content).
CREATE TABLE "video_patient_links" (
	"token_hash" "bytea" PRIMARY KEY NOT NULL,
	"appointment_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_patient_links_appointment" UNIQUE("appointment_id")
);
--> statement-breakpoint
CREATE TABLE "video_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "video_therapist_tokens" (
	"token_hash" "bytea" PRIMARY KEY NOT NULL,
	"appointment_id" integer NOT NULL,
	"therapist_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"joined_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_patient_links" ADD CONSTRAINT "video_patient_links_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_patient_links" ADD CONSTRAINT "video_patient_links_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_therapist_tokens" ADD CONSTRAINT "video_therapist_tokens_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_therapist_tokens" ADD CONSTRAINT "video_therapist_tokens_therapist_id_users_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_sessions_joined" ON "video_sessions" USING btree ("joined_at");--> statement-breakpoint
CREATE INDEX "video_therapist_tokens_appointment" ON "video_therapist_tokens" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "video_therapist_tokens_expires" ON "video_therapist_tokens" USING btree ("expires_at");