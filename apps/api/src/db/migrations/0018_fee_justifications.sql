ALTER TABLE "appointment_fees" ADD COLUMN "justification" text;--> statement-breakpoint
ALTER TABLE "user_fee_defaults" ADD COLUMN "justification" text;--> statement-breakpoint
-- The rows below are every practice's: the scope that row-level security lets through for a non-superuser owner.
SELECT set_config('app.practice_id', 'system', true);--> statement-breakpoint
-- Until now a raised rate's justification was the patient's whole invoice remark, printed under every line above its
-- threshold. Each such entry keeps exactly that text as its own (so invoices print what they printed before), and the
-- remark, which served as nothing else, is emptied: it is printed as the patient's remark from now on.
CREATE TEMPORARY TABLE "moved_remarks" ON COMMIT DROP AS
  SELECT "patient"."user_id", btrim("patient"."invoice_remark") AS "remark"
  FROM "patients" "patient"
  WHERE btrim(coalesce("patient"."invoice_remark", '')) <> ''
    AND (EXISTS (
      SELECT 1 FROM "user_fee_defaults" "fee"
      JOIN "fee_schedule_items" "item" ON "item"."code_value" = "fee"."code_value"
      WHERE "fee"."user_id" = "patient"."user_id" AND "fee"."incremental_rate" > "item"."threshold_factor"
    ) OR EXISTS (
      SELECT 1 FROM "appointment_fees" "fee"
      JOIN "appointments" "appointment" ON "appointment"."id" = "fee"."appointment_id"
      JOIN "fee_schedule_items" "item" ON "item"."code_value" = "fee"."code_value"
      WHERE "appointment"."client_id" = "patient"."user_id" AND "fee"."incremental_rate" > "item"."threshold_factor"
    ));--> statement-breakpoint
UPDATE "user_fee_defaults" "fee" SET "justification" = "moved"."remark"
  FROM "moved_remarks" "moved", "fee_schedule_items" "item"
  WHERE "moved"."user_id" = "fee"."user_id" AND "item"."code_value" = "fee"."code_value"
    AND "fee"."incremental_rate" > "item"."threshold_factor";--> statement-breakpoint
UPDATE "appointment_fees" "fee" SET "justification" = "moved"."remark"
  FROM "appointments" "appointment", "moved_remarks" "moved", "fee_schedule_items" "item"
  WHERE "appointment"."id" = "fee"."appointment_id" AND "moved"."user_id" = "appointment"."client_id"
    AND "item"."code_value" = "fee"."code_value" AND "fee"."incremental_rate" > "item"."threshold_factor";--> statement-breakpoint
UPDATE "patients" "patient" SET "invoice_remark" = NULL
  FROM "moved_remarks" "moved" WHERE "moved"."user_id" = "patient"."user_id";--> statement-breakpoint
-- An appointment's coaching entry has no GOÄ factor: its rate is 1 (spec appointments §5: reset to 1 for coaching).
UPDATE "appointment_fees" SET "incremental_rate" = 1 WHERE "code_value" IS NULL;
