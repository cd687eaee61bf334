import {
  addPracticeDays,
  bookableTypes,
  clampWidgetFrom,
  slotBounds,
  toPracticeIsoDateTime,
  ValidationKey as V,
  WIDGET_HORIZON_DAYS,
  type WidgetAnswer,
  type WidgetSlot,
  widgetAnswerSchema,
  type widgetQuerySchema,
  widgetWindowProblem,
} from '@praxia/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { notFound, validationFailed } from '../../plugins/errors.js';
import type { AppointmentTypeRow } from './appointment-types.repo.js';
import { findWidgetCalendar, findWidgetSlots, listCalendarTypes, type WidgetSlotRow } from './widget.repo.js';

type WidgetQueryInput = z.output<typeof widgetQuerySchema>;

// Unknown therapist, another practice's therapist and a closed practice answer alike (security.md).
export const widgetNotFound = () => notFound('Therapist not found');

/** The therapist and practice of an open widget, with the therapist's types there; else 404. */
export async function loadWidgetCalendar(db: Executor, therapistId: number, customerId: number, now: Date) {
  const calendar = await findWidgetCalendar(db, therapistId, customerId, now);
  if (!calendar) throw widgetNotFound();
  const types = await listCalendarTypes(db, customerId, therapistId);
  return { ...calendar, types };
}

/** A type as the widget's steps need it (the contract's meetingType). */
export const toWidgetType = (type: AppointmentTypeRow) => ({
  id: type.id,
  name: type.name,
  location: type.location,
  duration: type.durationMinutes,
  insuranceType: type.insuranceType,
});

const toWidgetSlot = (row: WidgetSlotRow): WidgetSlot => ({
  id: row.id,
  appointmentStart: toPracticeIsoDateTime(row.starts_at),
  appointmentEnd: toPracticeIsoDateTime(row.ends_at),
  appointmentTypeId: row.appointment_type_id,
});

/**
 * GET /appointment/widget (spec §2.1, §4.1): the bookable slots of [from, to) — `from` clamped to now — and the next
 * bookable slot from now, for the chosen type and insurance. The deadline rules are the shared ones (widget-slots.ts);
 * the database applies them in one range query, so the widget never steps week by week.
 */
export async function getWidget(ctx: AppContext, query: WidgetQueryInput, now = new Date()): Promise<WidgetAnswer> {
  if (widgetWindowProblem(query.from, query.to)) {
    throw validationFailed('to', V.invalidValue, 'The window must end after it starts and span at most 14 days.');
  }
  const calendar = await loadWidgetCalendar(ctx.db, query.therapistId, query.customerId, now);
  const active = calendar.types.filter((type) => !type.deactivated);
  if (query.appointmentTypeId && !active.some((type) => type.id === query.appointmentTypeId)) {
    throw validationFailed('appointmentTypeId', V.invalidValue);
  }
  const bookable = bookableTypes(active, query);
  const rows = bookable.length
    ? await findWidgetSlots(ctx.db, {
        therapistId: query.therapistId,
        customerId: query.customerId,
        from: clampWidgetFrom(query.from, now),
        to: query.to,
        horizonEnd: addPracticeDays(now, WIDGET_HORIZON_DAYS),
        bounds: slotBounds(bookable, now),
      })
    : [];
  const next = rows.find((row) => row.part === 'next');
  // Serialised through the contract: it is the allow-list of what a guest may see.
  return widgetAnswerSchema.parse({
    therapist: calendar.therapist,
    practice: calendar.practice,
    types: bookableTypes(active, { insuranceType: query.insuranceType }).map(toWidgetType),
    slots: rows.filter((row) => row.part === 'window').map(toWidgetSlot),
    nextFreeAppointment: next ? toWidgetSlot(next) : null,
  });
}
