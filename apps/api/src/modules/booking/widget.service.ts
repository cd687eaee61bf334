import {
  addPracticeDays,
  bookableTypes,
  clampWidgetFrom,
  lastBookableMoment,
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
import { practiceScope } from '../../lib/scope.js';
import { notFound, validationFailed } from '../../plugins/errors.js';
import type { AppointmentTypeRow } from '../appointment-types/index.js';
import { findWidgetCalendar, listCalendarTypes } from './widget.repo.js';
import type { ComputedWidgetAnswer } from './widget-answer-cache.js';
import { findWidgetView, type WidgetViewSlot, type WidgetViewType } from './widget-view.repo.js';

type WidgetQueryInput = z.output<typeof widgetQuerySchema>;

// Unknown therapist, another practice's therapist and a closed practice answer alike (security.md).
export const widgetNotFound = () => notFound('Therapist not found');

/** The therapist and practice of an open widget, with the therapist's types there; else 404. */
export async function loadWidgetCalendar(db: Executor, therapistId: number, customerId: number, now: Date) {
  // The widget names its practice: public work inside that one.
  const practice = practiceScope(customerId);
  const calendar = await findWidgetCalendar(db, practice, therapistId, now);
  if (!calendar) throw widgetNotFound();
  const types = await listCalendarTypes(db, practice, therapistId);
  return { ...calendar, types };
}

/** A type as the widget's steps need it (the contract's meetingType). */
export const toWidgetType = (
  type: Pick<AppointmentTypeRow, 'id' | 'name' | 'location' | 'durationMinutes' | 'insuranceType'>,
) => ({
  id: type.id,
  name: type.name,
  location: type.location,
  duration: type.durationMinutes,
  insuranceType: type.insuranceType,
});

// The view writes the times on the practice's clock already (migration 0029), as toPracticeIsoDateTime would.
const toWidgetSlot = (slot: WidgetViewSlot): WidgetSlot => ({
  id: slot.id,
  appointmentStart: slot.startsAt,
  appointmentEnd: slot.endsAt,
  appointmentTypeId: slot.appointmentTypeId,
});

/**
 * GET /appointment/widget (spec §2.1, §4.1), as the JSON text the route sends: from the process's memory while nothing
 * changed (widget-answer-cache.ts), else read. The window is checked first: a refused query never reaches the cache.
 */
export async function widgetAnswerJson(ctx: AppContext, query: WidgetQueryInput): Promise<string> {
  if (widgetWindowProblem(query.from, query.to)) {
    throw validationFailed('to', V.invalidValue, 'The window must end after it starts and span at most 14 days.');
  }
  const { therapistId, customerId, from, to, appointmentTypeId, insuranceType } = query;
  const text = [therapistId, customerId, from.getTime(), to.getTime(), appointmentTypeId ?? '', insuranceType ?? ''];
  return ctx.widgetAnswers.answer({ text: text.join(':'), therapistId, customerId }, () =>
    readWidgetAnswer(ctx, query),
  );
}

/**
 * The bookable slots of [from, to) — `from` clamped to now — and the next bookable slot from now, for the chosen type
 * and insurance. The deadline rules are the shared ones (widget-slots.ts); the database applies them in the one call
 * of the answer. The next free slot lets the widget move from an empty week straight to the first week with a free
 * slot (spec §2.1's forwarding), without a call per empty week.
 */
async function readWidgetAnswer(
  ctx: AppContext,
  query: WidgetQueryInput,
  now = new Date(),
): Promise<ComputedWidgetAnswer> {
  const view = await findWidgetView(ctx.db, {
    therapistId: query.therapistId,
    customerId: query.customerId,
    from: clampWidgetFrom(query.from, now),
    to: query.to,
    horizonEnd: addPracticeDays(now, WIDGET_HORIZON_DAYS),
    now,
    filter: { insuranceType: query.insuranceType, appointmentTypeId: query.appointmentTypeId },
  });
  if (!view) throw widgetNotFound();
  const active = view.types.filter((type) => !type.deactivated);
  // A type that is not bookable here has no slots in the view; the caller still learns that the id was wrong.
  if (query.appointmentTypeId && !active.some((type) => type.id === query.appointmentTypeId)) {
    throw validationFailed('appointmentTypeId', V.invalidValue);
  }
  const answer: WidgetAnswer = {
    therapist: view.therapist,
    practice: view.practice,
    types: bookableTypes(active, { insuranceType: query.insuranceType }).map(toWidgetType),
    slots: view.slots.map(toWidgetSlot),
    nextFreeAppointment: view.next ? toWidgetSlot(view.next) : null,
  };
  const bookable = bookableTypes(active, query);
  const shown = view.next ? [...view.slots, view.next] : view.slots;
  // The schema is the allow-list of what a guest may see: the text is written from what it lets through.
  return {
    json: JSON.stringify(widgetAnswerSchema.parse(answer)),
    staleAt: () => firstSlotUnbookableAt(shown, bookable),
  };
}

/**
 * When the first of these slots stops being bookable: a typed slot after its type's deadline, an untyped one after
 * the last of the bookable types' deadlines (any of them could still be booked into it). Of each kind only the
 * earliest slot can be the first to go.
 */
function firstSlotUnbookableAt(slots: readonly WidgetViewSlot[], bookable: readonly WidgetViewType[]): number {
  const deadlineOf = new Map(bookable.map((type) => [type.id, type.bookingDeadline]));
  const earliestOfKind = new Map<number | null, Date>();
  for (const slot of slots) {
    const start = new Date(slot.startsAt);
    const earliest = earliestOfKind.get(slot.appointmentTypeId);
    if (!earliest || start < earliest) earliestOfKind.set(slot.appointmentTypeId, start);
  }
  let staleAt = Number.POSITIVE_INFINITY;
  for (const [typeId, start] of earliestOfKind) {
    const deadlines = typeId === null ? [...deadlineOf.values()] : [deadlineOf.get(typeId)];
    const lastMoments = deadlines.map((deadline) => (deadline ? lastBookableMoment(start, deadline).getTime() : 0));
    staleAt = Math.min(staleAt, Math.max(0, ...lastMoments));
  }
  return staleAt;
}
