-- The day the practice recorded the patient's written consent to hand an unpaid claim to a collection agency: without
-- it the patient's data may not go to one (§203 StGB), so a final notice names a collection agency only when it is set.
ALTER TABLE "patients" ADD COLUMN "collection_consent_at" date;
