import { addPracticeDays, atPracticeTime, startOfPracticeWeek, toPracticeIsoDate } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { invoices, patients, users } from '../db/schema.js';
import { createOverdueNotice } from '../modules/invoice-delivery/overdue-notice.service.js';
import {
  buildSampleStatement,
  type SampleCredit,
  storeSampleStatement,
} from '../modules/invoices/bank-statement/sample-statement.js';
import { createInvoices } from '../modules/invoices/invoice-create.service.js';
import { changeInvoiceState } from '../modules/invoices/invoice-state.service.js';
import type { Actor } from '../plugins/actor.js';
import { book, findUserId, practiceOf, typeOf } from './demo-calendar.js';

/**
 * A few issued invoices of the demo therapist, so the invoice list and the evaluation are not empty: sessions of three
 * patients over the last three months, each invoiced a week later through the same service as the app (real numbers,
 * documents and files), two paid and one with a payment reminder, and a bank statement that pays the two open ones
 * (to try the import). Past weeks of their own, so the living calendar of
 * this and next week stays as it is. Skipped once the therapist has an invoice.
 */
export async function seedDemoInvoices(ctx: AppContext, now: Date = new Date()): Promise<void> {
  const therapistId = await findUserId(ctx.db, 'therapeutin@example.org');
  const customerId = therapistId === undefined ? undefined : await practiceOf(ctx.db, therapistId);
  if (therapistId === undefined || customerId === undefined) return;
  const [existing] = await ctx.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.therapistId, therapistId));
  if (existing) return;
  const [therapist] = await ctx.db.select().from(users).where(eq(users.id, therapistId));
  if (!therapist) return;
  const patientIds = (
    await ctx.db
      .select({ id: patients.userId })
      .from(patients)
      .where(eq(patients.therapistId, therapistId))
      .orderBy(patients.patientNumber)
  ).map((row) => row.id);
  if (patientIds.length < 4) return;
  const monday = startOfPracticeWeek(now);
  // Tim twice (both paid), Anna (factor 3 with her justification; open, reminded after its due date) and Julia
  // (coaching with VAT; open). Each is invoiced a week after the session, so the evaluation shows several months.
  const sessions = [
    { patientId: patientIds[0], weeksAgo: 11, hour: 9, paid: true },
    { patientId: patientIds[0], weeksAgo: 7, hour: 9, paid: true },
    { patientId: patientIds[1], weeksAgo: 6, hour: 10, remindedWeeksAgo: 2 },
    { patientId: patientIds[3], weeksAgo: 2, hour: 11 },
  ];
  const booked = await ctx.db.transaction(async (tx) => {
    const type = await typeOf(tx, customerId, therapistId, {
      name: 'Therapiesitzung',
      durationMinutes: 50,
      location: 'onSite',
    });
    const list: { session: (typeof sessions)[number]; appointmentId: number; start: Date }[] = [];
    for (const session of sessions) {
      if (session.patientId === undefined) continue;
      const start = atPracticeTime(addPracticeDays(monday, -7 * session.weeksAgo + 1), session.hour);
      const slot = { start, minutes: 50, typeId: type.id, location: 'onSite' as const };
      list.push({
        session,
        start,
        appointmentId: await book(tx, customerId, therapistId, slot, session.patientId, 'billable'),
      });
    }
    return list;
  });
  const actor: Actor = {
    userId: therapistId,
    roles: therapist.roles,
    customerIds: [customerId],
    practiceId: customerId,
    sessionIdHash: new Uint8Array(),
    idleExpiresAt: new Date(now.getTime() + 60_000),
    isTrialExpired: false,
    isSecondFactorMissing: false,
    patientOfPracticeId: null,
  };
  const unpaid: SampleCredit[] = [];
  for (const { session, appointmentId, start } of booked) {
    const issuedAt = addPracticeDays(start, 7);
    const { list } = await createInvoices(ctx, actor, { appointmentIds: [appointmentId] }, issuedAt);
    const invoice = list[0];
    if (!invoice) continue;
    if (session.paid) await changeInvoiceState(ctx, actor, invoice.id, 'paid');
    else {
      unpaid.push({
        invoiceNumber: Number(invoice.invoiceNumber),
        amountCents: Math.round(invoice.amount * 100),
        payer: invoice.userName.toUpperCase(),
        bookingDate: toPracticeIsoDate(now),
      });
    }
    if (session.remindedWeeksAgo !== undefined) {
      const remindedAt = addPracticeDays(monday, -7 * session.remindedWeeksAgo + 1);
      await createOverdueNotice(ctx, actor, { invoiceId: invoice.id, type: 'reminder' }, remindedAt);
    }
  }
  // Today's bank statement paying the two open invoices, offered for download on the import screen.
  await storeSampleStatement(ctx.storage, customerId, buildSampleStatement(unpaid, 'DE02120300000000202051', now));
}
