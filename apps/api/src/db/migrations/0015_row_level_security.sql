-- Hand-written (npx drizzle-kit generate --custom --name row_level_security): PostgreSQL itself keeps each practice's
-- rows to that practice, as a second wall behind the repositories' own filters (db/row-scope.ts).
--
-- 1. The app's queries run as this role (db/client.ts sets it on every connection it hands out): it owns nothing and
--    is no superuser, so the policies below apply to it. Roles belong to the whole server, so a second database on
--    the same server finds it already made.
DO $$
BEGIN
  CREATE ROLE praxia_app NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END $$;--> statement-breakpoint
-- The connecting user must be a member to switch to it; a superuser switches anyway.
DO $$
BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
     AND NOT pg_has_role(current_user, 'praxia_app', 'MEMBER') THEN
    EXECUTE format('GRANT praxia_app TO %I', current_user);
  END IF;
END $$;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO praxia_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO praxia_app;--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO praxia_app;--> statement-breakpoint
-- Tables and sequences of later migrations (made by the same migrating user) are granted the same way.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO praxia_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO praxia_app;--> statement-breakpoint
-- 2. Every table with a customer_id shows and accepts only the rows of the scope set for the transaction or
--    connection: 'system' all of them, a practice id that practice's, anything else (unset, empty) none. Forced, so the
--    owner is held too; only a superuser (the migrations in tests and on the embedded database) passes. A later
--    migration that changes such rows as a non-superuser owner sets the scope first:
--    SELECT set_config('app.practice_id', 'system', true);
--    A later table with a customer_id needs the same three statements (row-level-security.test.ts checks every one).
DO $$
DECLARE
  owned record;
BEGIN
  FOR owned IN
    SELECT c.relname, a.attnotnull
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid
     WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attname = 'customer_id' AND NOT a.attisdropped
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', owned.relname);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', owned.relname);
    EXECUTE format(
      $policy$CREATE POLICY practice_rows ON %I USING (
        CASE current_setting('app.practice_id', true)
          WHEN 'system' THEN true
          WHEN '' THEN false
          ELSE customer_id = current_setting('app.practice_id', true)::integer
        END
      )$policy$,
      owned.relname);
    -- A row of no practice (an admin's audit row, a patient's refusal before their practice is known) is the
    -- platform's record: any work may add one, only the system reads it.
    IF NOT owned.attnotnull THEN
      EXECUTE format('CREATE POLICY platform_rows_added ON %I FOR INSERT WITH CHECK (customer_id IS NULL)', owned.relname);
    END IF;
  END LOOP;
END $$;
