import {
  addPracticeDays,
  bookableTypes,
  isSlotBookable,
  slotBounds,
  toPracticeIsoDate,
  ValidationKey as V,
  WAITING_LIST_DAYS,
  type waitingListJoinSchema,
} from '@praxia/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { practiceScope, systemScope } from '../../lib/scope.js';
import { createToken, hashToken } from '../../lib/tokens.js';
import { notFound, validationFailed } from '../../plugins/errors.js';
import type { AppointmentRow } from '../calendar/index.js';
import { render, sendMail, type Template } from '../mail/index.js';
import {
  deleteEntriesCreatedBefore,
  deleteEntriesOfEmail,
  deleteEntryByRemovalLink,
  insertRemovalLink,
  insertWaitingListEntry,
  listWaitingEntries,
  type WaitingListEntryRow,
} from './waiting-list.repo.js';
import { type WaitingFacts, waitingListJoinedText, waitingListOfferText } from './waiting-list-mail-texts.js';
import { findWidgetCalendar, listCalendarTypes, type WidgetCalendar } from './widget.repo.js';
import { loadWidgetCalendar } from './widget.service.js';

type JoinInput = z.output<typeof waitingListJoinSchema>;

/**
 * How many waiting guests one freed slot is offered to, oldest first. Only one can book it: mailing everyone would
 * send most of them to a slot that is already gone (disappointing people who are waiting for help), while a few
 * make it likely that someone books it soon. The next freed slot goes to the oldest again, minus those who booked.
 */
export const OFFER_CAP = 10;
// Entries scanned for fitting ones (insurance, type, deadline) before the cap applies; a calendar's list is short.
const OFFER_SCAN = 500;

const nameOf = (person: { title?: string | null; firstName: string; lastName: string }) =>
  [person.title, person.firstName, person.lastName].filter(Boolean).join(' ');

const factsOf = (entry: WaitingListEntryRow, calendar: WidgetCalendar): WaitingFacts => ({
  guestName: nameOf(entry),
  therapistName: nameOf(calendar.therapist),
  practiceName: calendar.practice.name,
});

/** Mails the guest with a fresh removal link (every mail has one; only its hash is kept). */
async function mailEntry(tx: AppContext, entry: WaitingListEntryRow, template: (removalUrl: string) => Template) {
  const token = createToken();
  await insertRemovalLink(tx.db, entry.id, hashToken(token));
  await sendMail(tx, render(entry.email, template(`${tx.config.publicUrl}/appointment/waiting-list/${token}`)));
}

/** POST /appointment/waiting-list: the guest waits for this calendar and gets a confirmation with the removal link. */
export async function joinWaitingList(ctx: AppContext, input: JoinInput, now = new Date()): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const calendar = await loadWidgetCalendar(tx.db, input.therapistId, input.customerId, now);
    const typeId = input.appointmentTypeId ?? null;
    if (typeId !== null && !calendar.types.some((type) => type.id === typeId && !type.deactivated)) {
      throw validationFailed('appointmentTypeId', V.invalidValue);
    }
    // Joining again replaces the earlier entry (new filters, a fresh 60 days): one address gets one offer per slot.
    const practice = practiceScope(input.customerId);
    await deleteEntriesOfEmail(tx.db, practice, input.therapistId, input.email);
    const entry = await insertWaitingListEntry(tx.db, practice, {
      therapistId: input.therapistId,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      insuranceType: input.insuranceType ?? null,
      appointmentTypeId: typeId,
      language: input.language,
    });
    await mailEntry(tx, entry, (url) => waitingListJoinedText(entry.language, factsOf(entry, calendar), url));
  });
}

/** DELETE /appointment/waiting-list/{token}: any of the entry's links removes it; unknown links answer 404. */
export async function leaveWaitingList(ctx: AppContext, token: string): Promise<void> {
  const removalLink = systemScope('waiting-list removal link');
  if (!(await deleteEntryByRemovalLink(ctx.db, removalLink, hashToken(token)))) {
    throw notFound('Waiting-list entry not found');
  }
}

/**
 * A taken appointment became free again (rejected by the practice, cancelled by the patient): in the caller's
 * transaction, so the offers leave after commit. Offered, while it lies ahead and the widget is open, to the oldest
 * waiting guests for whom the widget would show it (their insurance and type, the type's deadline).
 */
export async function offerFreedSlot(tx: AppContext, slot: AppointmentRow, now = new Date()): Promise<void> {
  if (slot.startsAt.getTime() <= now.getTime()) return;
  // The widget's work in the slot's practice, whoever freed the slot (its staff, or a patient by the cancel link).
  const practice = practiceScope(slot.customerId);
  const calendar = await findWidgetCalendar(tx.db, practice, slot.therapistId, now);
  if (!calendar) return;
  const types = await listCalendarTypes(tx.db, practice, slot.therapistId);
  const entries = await listWaitingEntries(tx.db, practice, slot.therapistId, OFFER_SCAN);
  const freed = { ...slot, state: 'available' };
  const fitting = entries
    .filter((entry) => isSlotBookable(freed, slotBounds(bookableTypes(types, entry), now)))
    .slice(0, OFFER_CAP);
  // The slot's German date takes the widget straight to its week (the widget never steps to look for it).
  const offered = `slot=${slot.id}&date=${toPracticeIsoDate(slot.startsAt)}`;
  const bookUrl = `${tx.config.publicUrl}/appointment/widget/${slot.therapistId}/${slot.customerId}?${offered}`;
  for (const entry of fitting) {
    const facts = { ...factsOf(entry, calendar), start: slot.startsAt, end: slot.endsAt };
    await mailEntry(tx, entry, (url) => waitingListOfferText(entry.language, facts, bookUrl, url));
  }
}

/** Whoever books with the therapist waits no longer for them, in any of the therapist's practices. */
export async function leaveWaitingListOnBooking(tx: AppContext, booked: AppointmentRow): Promise<void> {
  const waitingList = systemScope('waiting list after a booking');
  if (booked.clientEmail) await deleteEntriesOfEmail(tx.db, waitingList, booked.therapistId, booked.clientEmail);
}

/** Deletes entries older than WAITING_LIST_DAYS (the consent covers that long); returns how many. */
export async function removeExpiredWaitingEntries(db: Database, now = new Date()): Promise<number> {
  const expiry = systemScope('waiting-list expiry');
  return deleteEntriesCreatedBefore(db, expiry, addPracticeDays(now, -WAITING_LIST_DAYS));
}

/** Hourly, like the credentials' housekeeping. */
export function scheduleWaitingListExpiry(ctx: AppContext): void {
  ctx.jobs.schedule('waiting-list-expiry', '20 * * * *', () => removeExpiredWaitingEntries(ctx.db));
}
