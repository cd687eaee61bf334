CREATE TABLE "access_probes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"customer_id" integer,
	"action" text NOT NULL,
	"resource" text NOT NULL,
	"target_id" text,
	"outcome" text NOT NULL,
	"request_id" text
);
--> statement-breakpoint
CREATE INDEX "access_probes_at" ON "access_probes" USING btree ("at");--> statement-breakpoint
CREATE INDEX "access_probes_actor_at" ON "access_probes" USING btree ("actor_user_id","at");--> statement-breakpoint
-- Refused attempts on a patient outside the actor's practice used to be written into the actor's own audit log, where
-- the list named the patient. They move to the platform's record; the append-only guard steps aside for this move only.
INSERT INTO "access_probes" ("at", "actor_user_id", "customer_id", "action", "resource", "target_id", "outcome", "request_id")
SELECT "at", "actor_user_id", "customer_id", "action", "resource", "patient_id"::text, "outcome", "request_id"
FROM "audit_log" AS a
WHERE a."outcome" <> 'success' AND a."patient_id" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "patients" AS p WHERE p."user_id" = a."patient_id" AND p."customer_id" = a."customer_id");--> statement-breakpoint
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_no_update_or_delete";--> statement-breakpoint
DELETE FROM "audit_log" AS a
WHERE a."outcome" <> 'success' AND a."patient_id" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "patients" AS p WHERE p."user_id" = a."patient_id" AND p."customer_id" = a."customer_id");--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_no_update_or_delete";
