-- Hand-written (npx drizzle-kit generate --custom --name search_nearest; numbered 0009 because the waiting-list
-- migration takes 0008): what the therapist search needs to stay fast with 100,000 therapists (issue 9 §3).
--
-- 1. The search walks postal codes nearest first (the GiST index postal_codes_earth, migration 0007) and needs the
--    practices of each code without reading them all.
CREATE INDEX customers_postal_code ON customers USING btree (postal_code);--> statement-breakpoint
-- 2. The total of listed therapist-practice pairs (the pager's maxItems) is the same for every postal code, since the
--    search has no radius; counting it is a join over all therapists. The search caches the count per process together
--    with this version, and counts again only when the version moved. Triggers bump it in the same transaction as any
--    change that can list or unlist a pair, so a cached count is never stale; bumping more often only costs a recount.
--    They are deferred to the commit: the one version row is then the last lock a transaction takes and holds it only
--    while committing, so two transactions cannot deadlock over it (one waiting for a row the other holds).
CREATE TABLE search_listing_version (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  version bigint NOT NULL DEFAULT 0
);--> statement-breakpoint
INSERT INTO search_listing_version DEFAULT VALUES;--> statement-breakpoint
-- Once per transaction: a bulk change rewrites the row once, not once per changed row (a transaction-local setting
-- remembers it; a rolled-back savepoint takes both the bump and the setting back).
CREATE FUNCTION note_search_listing_change() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('praxia.search_listing_bumped', true) IS DISTINCT FROM 'on' THEN
    UPDATE search_listing_version SET version = version + 1;
    PERFORM set_config('praxia.search_listing_bumped', 'on', true);
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION search_listing_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM note_search_listing_change();
  RETURN NULL;
END $$;--> statement-breakpoint
-- Assignments: patients are assigned to practices as well; only a therapist's assignment can be listed. 80 is
-- THERAPISTS (Role.THERAPIST | Role.THERAPIST_DRS in @praxia/shared roles.ts). OLD or NEW is null where the
-- operation has none.
CREATE FUNCTION search_listing_assignment_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM users WHERE users.id IN (OLD.user_id, NEW.user_id) AND (users.roles & 80) <> 0) THEN
    PERFORM note_search_listing_change();
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER user_customers_search_listing AFTER INSERT OR UPDATE OR DELETE ON user_customers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION search_listing_assignment_changed();--> statement-breakpoint
-- A therapist's row (role, deleted, deactivated); a hard delete cascades to assignments whose user is gone by then.
CREATE CONSTRAINT TRIGGER users_search_listing_update AFTER UPDATE ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN ((OLD.roles & 80) <> 0 OR (NEW.roles & 80) <> 0)
  EXECUTE FUNCTION search_listing_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_search_listing_delete AFTER DELETE ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN ((OLD.roles & 80) <> 0)
  EXECUTE FUNCTION search_listing_changed();--> statement-breakpoint
-- Any change of a practice (rare): listing state and postal code, without copying customers.repo's isListedInSearch.
-- A new practice has no assignments yet, so inserts cannot change the count.
CREATE CONSTRAINT TRIGGER customers_search_listing AFTER UPDATE OR DELETE ON customers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION search_listing_changed();--> statement-breakpoint
-- Postal codes locate practices. They change only at start-up, a statement per transaction, so once per statement is
-- enough and needs no deferring (a constraint trigger would run once for each of some 10,800 rows).
CREATE TRIGGER postal_codes_search_listing AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON postal_codes
  FOR EACH STATEMENT EXECUTE FUNCTION search_listing_changed();
