-- §2 GOÄ: a fee agreement made beforehand, in writing and signed by the patient, lets a factor above the maximum be
-- billed, up to the agreed factor (never for section A items). Recorded on the patient: date, factor, signed.
ALTER TABLE "patients" ADD COLUMN "fee_agreement_date" date;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "fee_agreement_factor" numeric(3, 2);--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "fee_agreement_signed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The diagnosis is health data: an invoice prints it only with the patient's consent (private insurers ask for it).
ALTER TABLE "patients" ADD COLUMN "diagnosis_on_invoice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The therapist's qualification as the invoices print it under the name (e.g. 'Approbierte Psychologische
-- Psychotherapeutin (Verhaltenstherapie)').
ALTER TABLE "users" ADD COLUMN "qualification_line" text;--> statement-breakpoint
-- The rows below are every practice's: the scope that row-level security lets through for a non-superuser owner.
SELECT set_config('app.practice_id', 'system', true);--> statement-breakpoint
-- Privately insured patients keep the diagnosis their invoices printed so far (their insurer needs it); coaching
-- clients and the others no longer see it printed unless the practice records their consent.
UPDATE "patients" SET "diagnosis_on_invoice" = true WHERE "insurance_type" = 'privately';
