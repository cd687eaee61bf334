-- Hand-written (npx drizzle-kit generate --custom): every change that can change a booking widget's answer sends a
-- NOTIFY on praxia_widget_calendar, so that each app process can keep widget answers in memory and forget them the
-- moment they may be wrong (booking/widget-answer-cache.ts). The payload names what changed: 't<id>' a therapist's
-- calendar (appointments, types, the therapist's row or assignment), 'c<id>' a practice (its name and whether it is
-- open), '*' everything (a TRUNCATE). NOTIFY is transactional: listeners hear it at the commit, never for a rollback,
-- and identical payloads of one transaction arrive once. Without listeners (PGlite, one process) it costs nothing.
CREATE FUNCTION notify_widget_calendars(therapist_ids integer[]) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('praxia_widget_calendar', 't' || id) FROM (SELECT DISTINCT unnest(therapist_ids) AS id) ids
   WHERE id IS NOT NULL;
$$;--> statement-breakpoint
CREATE FUNCTION notify_all_widget_calendars() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('praxia_widget_calendar', '*');
  RETURN NULL;
END $$;--> statement-breakpoint
-- Appointments change in bulk (series, imports): once per statement, over the transition tables. An update counts only
-- when it touches what the widget reads (state, time, type, owner); notes and billing fields change nothing there.
-- Inserted or deleted rows, by the transition table each trigger names changed_rows.
CREATE FUNCTION appointments_widget_added_or_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_widget_calendars(ARRAY(SELECT therapist_id FROM changed_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION appointments_widget_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_widget_calendars(ARRAY(
    SELECT owner.therapist_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.therapist_id), (n.therapist_id)) owner(therapist_id)
     WHERE (o.state, o.starts_at, o.ends_at, o.appointment_type_id, o.therapist_id, o.customer_id)
       IS DISTINCT FROM (n.state, n.starts_at, n.ends_at, n.appointment_type_id, n.therapist_id, n.customer_id)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER appointments_widget_insert AFTER INSERT ON appointments REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION appointments_widget_added_or_removed();--> statement-breakpoint
CREATE TRIGGER appointments_widget_update AFTER UPDATE ON appointments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION appointments_widget_updated();--> statement-breakpoint
CREATE TRIGGER appointments_widget_delete AFTER DELETE ON appointments REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION appointments_widget_added_or_removed();--> statement-breakpoint
CREATE TRIGGER appointments_widget_truncate AFTER TRUNCATE ON appointments
  FOR EACH STATEMENT EXECUTE FUNCTION notify_all_widget_calendars();--> statement-breakpoint
-- Rows that belong to a therapist by user_id: the types (few, and every column of them shows in the widget: name,
-- place, length, insurance, deadline, active) and the therapist's assignment to the practice.
CREATE FUNCTION user_row_widget_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_widget_calendars(ARRAY[NEW.user_id, OLD.user_id]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER appointment_types_widget AFTER INSERT OR UPDATE OR DELETE ON appointment_types
  FOR EACH ROW EXECUTE FUNCTION user_row_widget_changed();--> statement-breakpoint
CREATE TRIGGER appointment_types_widget_truncate AFTER TRUNCATE ON appointment_types
  FOR EACH STATEMENT EXECUTE FUNCTION notify_all_widget_calendars();--> statement-breakpoint
-- The therapist as the widget shows and opens it (widget_view's calendar): not every write of a user row (sign-ins
-- write theirs), only name, title, roles and whether the account is active.
CREATE FUNCTION users_widget_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_widget_calendars(ARRAY[coalesce(NEW.id, OLD.id)]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_widget_update AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.title, OLD.first_name, OLD.last_name, OLD.roles, OLD.deleted, OLD.deactivated)
    IS DISTINCT FROM (NEW.title, NEW.first_name, NEW.last_name, NEW.roles, NEW.deleted, NEW.deactivated))
  EXECUTE FUNCTION users_widget_changed();--> statement-breakpoint
CREATE TRIGGER users_widget_delete AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION users_widget_changed();--> statement-breakpoint
CREATE TRIGGER users_widget_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_all_widget_calendars();--> statement-breakpoint
CREATE TRIGGER user_customers_widget AFTER INSERT OR UPDATE OR DELETE ON user_customers
  FOR EACH ROW EXECUTE FUNCTION user_row_widget_changed();--> statement-breakpoint
CREATE TRIGGER user_customers_widget_truncate AFTER TRUNCATE ON user_customers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_all_widget_calendars();--> statement-breakpoint
-- A practice's name and whether its calendars are open (status, trial, deactivated, deleted). The end of a trial is
-- a moment, not a write: the cache keeps no answer longer than a minute.
CREATE FUNCTION customers_widget_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('praxia_widget_calendar', 'c' || coalesce(NEW.id, OLD.id));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER customers_widget_update AFTER UPDATE ON customers FOR EACH ROW
  WHEN ((OLD.name, OLD.status, OLD.deleted_at, OLD.deactivated, OLD.trial_expires_at)
    IS DISTINCT FROM (NEW.name, NEW.status, NEW.deleted_at, NEW.deactivated, NEW.trial_expires_at))
  EXECUTE FUNCTION customers_widget_changed();--> statement-breakpoint
CREATE TRIGGER customers_widget_delete AFTER DELETE ON customers FOR EACH ROW EXECUTE FUNCTION customers_widget_changed();--> statement-breakpoint
CREATE TRIGGER customers_widget_truncate AFTER TRUNCATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_all_widget_calendars();
