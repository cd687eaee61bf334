-- Hand-written (npx drizzle-kit generate --custom --name widget_view): the booking widget's answer in one call
-- (issue 9 §1: calendar, types, the window's bookable slots and the next one; §3: ≤ 1.3× the bare range query).
-- Sent as separate statements, the calendar check and the types cost two more round trips and three more query
-- plans than the range query itself; in a PL/pgSQL function each statement is planned once per connection and kept.
-- The rules stay in TypeScript where they are computed: the caller passes each booking deadline's earliest bookable
-- start (p_deadline_bounds, from earliestBookableStart) and the therapist role bits; widget-view.repo.ts documents
-- which shared rule each condition mirrors, and the widget API tests cover every one of them.
CREATE FUNCTION widget_view(
  p_therapist_id integer,
  p_customer_id integer,
  p_therapist_roles integer,
  p_now timestamptz,
  p_from timestamptz,
  p_to timestamptz,
  p_horizon_end timestamptz,
  p_insurance_type text,
  p_type_id integer,
  p_deadline_bounds jsonb,
  p_window_cap integer
) RETURNS json LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_therapist json;
  v_practice json;
  v_types json;
  v_bookable_ids integer[];
  v_bookable_bounds timestamptz[];
  v_lowest timestamptz;
  v_slots json;
  v_next json;
BEGIN
  -- The calendar is open (widget.repo.ts isOpenWidgetCalendar): an active therapist of the practice, whose practice
  -- is not deleted, cancelled or deactivated and paid or in its trial. Otherwise nothing, as for an unknown id.
  SELECT json_build_object('id', u.id, 'title', u.title, 'firstName', u.first_name, 'lastName', u.last_name),
         json_build_object('id', c.id, 'name', c.name)
    INTO v_therapist, v_practice
    FROM users u
    JOIN user_customers uc ON uc.user_id = u.id AND uc.customer_id = p_customer_id
    JOIN customers c ON c.id = uc.customer_id
   WHERE u.id = p_therapist_id AND (u.roles & p_therapist_roles) <> 0 AND NOT u.deleted AND NOT u.deactivated
     AND NOT uc.deactivated AND c.deleted_at IS NULL AND c.status = 'active' AND NOT c.deactivated
     AND (c.trial_expires_at IS NULL OR c.trial_expires_at > p_now);
  IF v_therapist IS NULL THEN
    RETURN NULL;
  END IF;

  -- Every type, by name; and the bookable ones (bookableTypes: active, fitting the insurance, the chosen one) with
  -- their earliest bookable start. An untyped slot counts from the smallest of those (slotBounds).
  SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'location', t.location,
           'durationMinutes', t.duration_minutes, 'insuranceType', t.insurance_type,
           'bookingDeadline', t.booking_deadline, 'deactivated', t.deactivated) ORDER BY t.name, t.id), '[]'::json),
         array_agg(t.id) FILTER (WHERE t.bookable),
         array_agg(t.earliest) FILTER (WHERE t.bookable),
         min(t.earliest) FILTER (WHERE t.bookable)
    INTO v_types, v_bookable_ids, v_bookable_bounds, v_lowest
    FROM (
      SELECT t.*, (p_deadline_bounds ->> t.booking_deadline)::timestamptz AS earliest,
        NOT t.deactivated AND p_deadline_bounds ? t.booking_deadline
          AND (p_insurance_type IS NULL OR t.insurance_type IS NULL OR t.insurance_type = p_insurance_type)
          AND (p_type_id IS NULL OR t.id = p_type_id) AS bookable
      FROM appointment_types t
      WHERE t.customer_id = p_customer_id AND t.user_id = p_therapist_id
    ) t;

  -- isSlotBookable: available, untyped or of a bookable type, at or after its bound. Two range scans of
  -- appointments_therapist_start in index order from the smallest bound; the second stops at its first row.
  -- Ordering by the start alone is total: a therapist's appointments never overlap (the exclusion constraint).
  IF v_lowest IS NOT NULL THEN
    SELECT json_agg(s ORDER BY s."startsAt") INTO v_slots FROM (
      SELECT a.id, a.starts_at AS "startsAt", a.ends_at AS "endsAt", a.appointment_type_id AS "appointmentTypeId"
        FROM appointments a
       WHERE a.therapist_id = p_therapist_id AND a.customer_id = p_customer_id AND a.state = 'available'
         AND a.starts_at >= greatest(p_from, v_lowest) AND a.starts_at < p_to
         AND (a.appointment_type_id IS NULL
           OR a.starts_at >= v_bookable_bounds[array_position(v_bookable_ids, a.appointment_type_id)])
       ORDER BY a.starts_at LIMIT p_window_cap
    ) s;
    SELECT row_to_json(s) INTO v_next FROM (
      SELECT a.id, a.starts_at AS "startsAt", a.ends_at AS "endsAt", a.appointment_type_id AS "appointmentTypeId"
        FROM appointments a
       WHERE a.therapist_id = p_therapist_id AND a.customer_id = p_customer_id AND a.state = 'available'
         AND a.starts_at >= v_lowest AND a.starts_at < p_horizon_end
         AND (a.appointment_type_id IS NULL
           OR a.starts_at >= v_bookable_bounds[array_position(v_bookable_ids, a.appointment_type_id)])
       ORDER BY a.starts_at LIMIT 1
    ) s;
  END IF;
  RETURN json_build_object('therapist', v_therapist, 'practice', v_practice, 'types', v_types,
    'slots', coalesce(v_slots, '[]'::json), 'next', v_next);
END $$;
