-- Hand-written: the audit log grows by every read of health data and no row may be deleted from it, so it is kept in
-- monthly partitions, and what has outlived its retention goes as a whole partition (DROP TABLE), never row by row.
--
-- Two retention classes live apart, so that one month of one class can go while the other stays:
--   'billing': rows about invoices, reminders and fees, and every change of health data (kept 10 years: §147 AO,
--              §14b UStG; the record's history with it, §630f BGB);
--   'reads':   reads of health data (kept 3 years: the regular limitation period, §195 and §199 BGB).
-- audit_log is partitioned by LIST (retention); each class by RANGE (at) in calendar months of Europe/Berlin (the legal
-- periods run in German calendar years), plus a default partition so that an insert never fails for want of a month.
--
-- The rows move below as the tables' owner, whom the forced row-level security holds too (migration 0015).
SELECT set_config('app.practice_id', 'system', true);--> statement-breakpoint
-- 1. The old table steps aside; its sequence stays and numbers the new table's rows.
ALTER TABLE "audit_log" RENAME TO "audit_log_unpartitioned";--> statement-breakpoint
ALTER TABLE "audit_log_unpartitioned" RENAME CONSTRAINT "audit_log_pkey" TO "audit_log_unpartitioned_pkey";--> statement-breakpoint
DROP INDEX "audit_log_customer_at";--> statement-breakpoint
DROP INDEX "audit_log_patient_at";--> statement-breakpoint
ALTER SEQUENCE "audit_log_id_seq" OWNED BY NONE;--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint DEFAULT nextval('audit_log_id_seq') NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"customer_id" integer,
	"patient_id" integer,
	"action" text NOT NULL,
	"resource" text NOT NULL,
	"resource_id" text,
	"outcome" text NOT NULL,
	"request_id" text,
	"detail" jsonb,
	-- Unset, a row is kept the longer time: a forgotten classification never shortens what the law asks for.
	"retention" text DEFAULT 'billing' NOT NULL CONSTRAINT "audit_log_retention_class" CHECK ("retention" IN ('billing', 'reads')),
	-- A partitioned table's key must contain its partition keys.
	CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id", "retention", "at")
) PARTITION BY LIST ("retention");--> statement-breakpoint
ALTER SEQUENCE "audit_log_id_seq" OWNED BY "audit_log"."id";--> statement-breakpoint
-- A practice's log, newest first (at, id descending): read backwards, each partition's index gives its rows in order.
CREATE INDEX "audit_log_customer_at" ON "audit_log" USING btree ("customer_id", "at", "id");--> statement-breakpoint
CREATE INDEX "audit_log_patient_at" ON "audit_log" USING btree ("patient_id", "at");--> statement-breakpoint
CREATE TABLE "audit_log_billing" PARTITION OF "audit_log" FOR VALUES IN ('billing') PARTITION BY RANGE ("at");--> statement-breakpoint
CREATE TABLE "audit_log_reads" PARTITION OF "audit_log" FOR VALUES IN ('reads') PARTITION BY RANGE ("at");--> statement-breakpoint
-- 2. Append only, as before (migration 0004): the row trigger is cloned onto every partition by PostgreSQL; a
-- statement trigger is not, so each partition gets its own TRUNCATE guard below.
CREATE TRIGGER audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();--> statement-breakpoint
-- The app may add and read rows, nothing else (the trigger would refuse the rest anyway; this refuses it earlier).
REVOKE ALL ON "audit_log" FROM praxia_app;--> statement-breakpoint
GRANT SELECT, INSERT ON "audit_log" TO praxia_app;--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "audit_log" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY practice_rows ON "audit_log" USING (
  CASE current_setting('app.practice_id', true)
    WHEN 'system' THEN true
    WHEN '' THEN false
    ELSE customer_id = current_setting('app.practice_id', true)::integer
  END
);--> statement-breakpoint
CREATE POLICY platform_rows_added ON "audit_log" FOR INSERT WITH CHECK (customer_id IS NULL);--> statement-breakpoint
-- 3. Every partition below audit_log: the same row-level security (a query naming the partition itself must not see
-- more than one through audit_log would), its TRUNCATE guard, and no privileges of the app's own (it goes through
-- audit_log).
CREATE FUNCTION audit_log_guard_partition(partition_name text) RETURNS void
  LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  EXECUTE format('REVOKE ALL ON %I FROM praxia_app', partition_name);
  EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', partition_name);
  EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', partition_name);
  EXECUTE format(
    $policy$CREATE POLICY practice_rows ON %I USING (
      CASE current_setting('app.practice_id', true)
        WHEN 'system' THEN true
        WHEN '' THEN false
        ELSE customer_id = current_setting('app.practice_id', true)::integer
      END
    )$policy$,
    partition_name);
  EXECUTE format('CREATE POLICY platform_rows_added ON %I FOR INSERT WITH CHECK (customer_id IS NULL)', partition_name);
  EXECUTE format(
    'CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change()',
    partition_name);
END;
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION audit_log_guard_partition(text) FROM PUBLIC;--> statement-breakpoint
SELECT audit_log_guard_partition('audit_log_billing'), audit_log_guard_partition('audit_log_reads');--> statement-breakpoint
CREATE TABLE "audit_log_billing_default" PARTITION OF "audit_log_billing" DEFAULT;--> statement-breakpoint
CREATE TABLE "audit_log_reads_default" PARTITION OF "audit_log_reads" DEFAULT;--> statement-breakpoint
SELECT audit_log_guard_partition('audit_log_billing_default'), audit_log_guard_partition('audit_log_reads_default');--> statement-breakpoint
-- 4. One month of one class, e.g. audit_log_reads_2026_11: made by the migration and then ahead of time by the daily
-- job (as the tables' owner: the app's role calls audit_log_prepare_months but owns nothing). Should the default partition hold rows of
-- that month (the job did not run for months), it is replaced first and its rows go through audit_log again, into
-- their month; nothing is lost and no row is deleted.
CREATE FUNCTION audit_log_add_month(retention_class text, month_start date) RETURNS boolean
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp SET app.practice_id = 'system' AS $$
DECLARE
  first_day date := date_trunc('month', month_start)::date;
  class_table text := 'audit_log_' || retention_class;
  default_table text := 'audit_log_' || retention_class || '_default';
  month_table text := format('audit_log_%s_%s', retention_class, to_char(first_day, 'YYYY_MM'));
  lower_bound timestamptz := first_day::timestamp AT TIME ZONE 'Europe/Berlin';
  upper_bound timestamptz := (first_day + interval '1 month')::timestamp AT TIME ZONE 'Europe/Berlin';
  has_stray_rows boolean;
BEGIN
  IF retention_class NOT IN ('billing', 'reads') THEN
    RAISE EXCEPTION 'unknown audit retention class %', retention_class USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF to_regclass(month_table) IS NOT NULL THEN
    RETURN false;
  END IF;
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE at >= $1 AND at < $2)', default_table)
    INTO has_stray_rows USING lower_bound, upper_bound;
  IF has_stray_rows THEN
    EXECUTE format('ALTER TABLE %I DETACH PARTITION %I', class_table, default_table);
    EXECUTE format('ALTER TABLE %I RENAME TO %I', default_table, default_table || '_replaced');
    EXECUTE format('CREATE TABLE %I PARTITION OF %I DEFAULT', default_table, class_table);
    PERFORM audit_log_guard_partition(default_table);
  END IF;
  EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
    month_table, class_table, lower_bound, upper_bound);
  PERFORM audit_log_guard_partition(month_table);
  IF has_stray_rows THEN
    EXECUTE format('INSERT INTO audit_log SELECT * FROM %I', default_table || '_replaced');
    EXECUTE format('DROP TABLE %I', default_table || '_replaced');
  END IF;
  RETURN true;
END;
$$;--> statement-breakpoint
-- The current month and `months_ahead` more, for both classes; answers how many partitions were made.
CREATE FUNCTION audit_log_prepare_months(months_ahead integer) RETURNS integer
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  this_month date := date_trunc('month', now() AT TIME ZONE 'Europe/Berlin')::date;
  month_start date;
  made integer := 0;
BEGIN
  IF months_ahead NOT BETWEEN 0 AND 24 THEN
    RAISE EXCEPTION 'months_ahead must be 0 to 24' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  -- Several app processes may run the job at once; one at a time makes each month once.
  PERFORM pg_advisory_xact_lock(hashtext('audit_log_partitions'));
  FOR month_start IN
    SELECT generate_series(this_month, this_month + months_ahead * interval '1 month', interval '1 month')::date
  LOOP
    made := made + audit_log_add_month('billing', month_start)::integer
                 + audit_log_add_month('reads', month_start)::integer;
  END LOOP;
  RETURN made;
END;
$$;--> statement-breakpoint
-- Drops each month partition of a class whose every row has outlived the class's retention, and names them. Such
-- periods start at the end of the calendar year of the row (§147 Abs. 4 AO, §199 Abs. 1 BGB): a row of 2016 kept ten
-- years may go from 1 January 2027. The database holds the legal minimums itself (10 and 1 years), whatever the app
-- asks, and only ever uses its own clock.
CREATE FUNCTION audit_log_drop_expired(billing_years integer, reads_years integer) RETURNS SETOF text
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  this_year integer := extract(year FROM now() AT TIME ZONE 'Europe/Berlin')::integer;
  candidate record;
  kept_from timestamptz;
  month_end timestamptz;
BEGIN
  IF billing_years < 10 OR reads_years < 1 THEN
    RAISE EXCEPTION 'audit retention below the minimum (billing 10 years, reads 1 year)'
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('audit_log_partitions'));
  FOR candidate IN
    SELECT c.relname AS name,
           substring(c.relname FROM '^audit_log_(billing|reads)_') AS retention_class,
           to_date(substring(c.relname FROM '(\d{4}_\d{2})$'), 'YYYY_MM') AS first_day
      FROM pg_inherits i
      JOIN pg_class c ON c.oid = i.inhrelid
      JOIN pg_class parent ON parent.oid = i.inhparent
     WHERE parent.relname IN ('audit_log_billing', 'audit_log_reads')
       AND c.relname ~ '^audit_log_(billing|reads)_\d{4}_\d{2}$'
     ORDER BY c.relname
  LOOP
    kept_from := make_date(
      this_year - CASE candidate.retention_class WHEN 'billing' THEN billing_years ELSE reads_years END, 1, 1
    )::timestamp AT TIME ZONE 'Europe/Berlin';
    month_end := (candidate.first_day + interval '1 month')::timestamp AT TIME ZONE 'Europe/Berlin';
    IF month_end <= kept_from THEN
      EXECUTE format('DROP TABLE %I', candidate.name);
      RETURN NEXT candidate.name;
    END IF;
  END LOOP;
END;
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION audit_log_add_month(text, date) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION audit_log_prepare_months(integer) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION audit_log_drop_expired(integer, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION audit_log_prepare_months(integer) TO praxia_app;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION audit_log_drop_expired(integer, integer) TO praxia_app;--> statement-breakpoint
-- 5. Every month that holds rows, and three ahead; then the rows move over, each into its class and month.
SELECT audit_log_add_month(retention_class, month_start::date)
  FROM (VALUES ('billing'), ('reads')) AS classes (retention_class),
       generate_series(
         date_trunc('month', least((SELECT min(at) FROM audit_log_unpartitioned), now()) AT TIME ZONE 'Europe/Berlin'),
         date_trunc('month', now() AT TIME ZONE 'Europe/Berlin') + interval '3 months',
         interval '1 month') AS month_start;--> statement-breakpoint
INSERT INTO "audit_log" ("id", "at", "actor_user_id", "customer_id", "patient_id", "action", "resource", "resource_id",
                         "outcome", "request_id", "detail", "retention")
SELECT "id", "at", "actor_user_id", "customer_id", "patient_id", "action", "resource", "resource_id", "outcome",
       "request_id", "detail",
       CASE WHEN "action" IN ('read', 'download', 'export', 'join', 'leave')
                 AND "resource" NOT IN ('invoice', 'overdueNotice', 'feeDefault') THEN 'reads'
            ELSE 'billing' END
  FROM "audit_log_unpartitioned";--> statement-breakpoint
-- Dropping a table fires no row trigger: the rows are all in audit_log now.
DROP TABLE "audit_log_unpartitioned";
