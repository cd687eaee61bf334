-- Hand-written (npx drizzle-kit generate --custom): widget_view of migration 0019 writing the slots' times as the API
-- answers them, ISO 8601 on the German wall clock with its offset to the second ('2026-12-01T09:00:00+01:00', what
-- toPracticeIsoDateTime writes for PRACTICE_TIME_ZONE). The widget then passes the text on instead of parsing and
-- formatting two times per slot in JavaScript, which cost about as much as the range query's own rows. The zone is
-- the function's own setting: it changes nothing else of the session. Same arguments, same answer otherwise.
CREATE OR REPLACE FUNCTION widget_view(
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
) RETURNS json LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan SET TimeZone = 'Europe/Berlin' AS $$
BEGIN
  RETURN (
    -- The calendar is open (widget.repo.ts isOpenWidgetCalendar): an active therapist of the practice, whose
    -- practice is not deleted, cancelled or deactivated and paid or in its trial. No row, so NULL, otherwise.
    WITH calendar AS (
      SELECT json_build_object('id', u.id, 'title', u.title, 'firstName', u.first_name, 'lastName', u.last_name) AS therapist,
             json_build_object('id', c.id, 'name', c.name) AS practice
        FROM users u
        JOIN user_customers uc ON uc.user_id = u.id AND uc.customer_id = p_customer_id
        JOIN customers c ON c.id = uc.customer_id
       WHERE u.id = p_therapist_id AND (u.roles & p_therapist_roles) <> 0 AND NOT u.deleted AND NOT u.deactivated
         AND NOT uc.deactivated AND c.deleted_at IS NULL AND c.status = 'active' AND NOT c.deactivated
         AND (c.trial_expires_at IS NULL OR c.trial_expires_at > p_now)
    ),
    -- Every type, by name; and the bookable ones (bookableTypes: active, fitting the insurance, the chosen one) with
    -- their earliest bookable start. An untyped slot counts from the smallest of those (slotBounds).
    types AS (
      SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'location', t.location,
               'durationMinutes', t.duration_minutes, 'insuranceType', t.insurance_type,
               'bookingDeadline', t.booking_deadline, 'deactivated', t.deactivated) ORDER BY t.name, t.id), '[]'::json) AS list,
             array_agg(t.id) FILTER (WHERE t.bookable) AS ids,
             array_agg(t.earliest) FILTER (WHERE t.bookable) AS bounds,
             min(t.earliest) FILTER (WHERE t.bookable) AS lowest
        FROM (
          SELECT t.*, (p_deadline_bounds ->> t.booking_deadline)::timestamptz AS earliest,
            NOT t.deactivated AND p_deadline_bounds ? t.booking_deadline
              AND (p_insurance_type IS NULL OR t.insurance_type IS NULL OR t.insurance_type = p_insurance_type)
              AND (p_type_id IS NULL OR t.id = p_type_id) AS bookable
          FROM appointment_types t
          WHERE t.customer_id = p_customer_id AND t.user_id = p_therapist_id
        ) t
    )
    -- isSlotBookable: available, untyped or of a bookable type, at or after its bound. Two range scans of
    -- appointments_therapist_start in index order from the smallest bound; the second stops at its first row.
    -- Ordering by the start alone is total: a therapist's appointments never overlap (the exclusion constraint).
    SELECT json_build_object('therapist', calendar.therapist, 'practice', calendar.practice, 'types', types.list,
      'slots', coalesce((SELECT json_agg(s ORDER BY s."startsAt") FROM (
          SELECT a.id, date_trunc('second', a.starts_at) AS "startsAt", date_trunc('second', a.ends_at) AS "endsAt", a.appointment_type_id AS "appointmentTypeId"
            FROM appointments a
           WHERE a.therapist_id = p_therapist_id AND a.customer_id = p_customer_id AND a.state = 'available'
             AND types.lowest IS NOT NULL -- greatest() would pass over a missing bound: no bookable type, no slot
             AND a.starts_at >= greatest(p_from, types.lowest) AND a.starts_at < p_to
             AND (a.appointment_type_id IS NULL
               OR a.starts_at >= types.bounds[array_position(types.ids, a.appointment_type_id)])
           ORDER BY a.starts_at LIMIT p_window_cap) s), '[]'::json),
      'next', (SELECT row_to_json(s) FROM (
          SELECT a.id, date_trunc('second', a.starts_at) AS "startsAt", date_trunc('second', a.ends_at) AS "endsAt", a.appointment_type_id AS "appointmentTypeId"
            FROM appointments a
           WHERE a.therapist_id = p_therapist_id AND a.customer_id = p_customer_id AND a.state = 'available'
             AND a.starts_at >= types.lowest AND a.starts_at < p_horizon_end
             AND (a.appointment_type_id IS NULL
               OR a.starts_at >= types.bounds[array_position(types.ids, a.appointment_type_id)])
           ORDER BY a.starts_at LIMIT 1) s))
      FROM calendar CROSS JOIN types
  );
END $$;
