import { addPracticeMonths, PRICE_PER_MONTH_CENTS } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { payments, planInvoices } from '../db/schema.js';
import { issuePlanInvoice } from '../modules/payments/plan-invoices.service.js';
import { findUserId, practiceOf } from './demo-calendar.js';

/**
 * The demo practice pays its plan: three monthly charges, each invoiced to the practice as the app does it (numbers,
 * PDF), so the owner finds them on the upgrade page. Skipped once the practice has a plan invoice.
 */
export async function seedDemoPlanInvoices(ctx: AppContext, now: Date = new Date()): Promise<void> {
  const ownerId = await findUserId(ctx.db, 'inhaber@example.org');
  const customerId = ownerId === undefined ? undefined : await practiceOf(ctx.db, ownerId);
  if (customerId === undefined) return;
  const [existing] = await ctx.db
    .select({ id: planInvoices.id })
    .from(planInvoices)
    .where(eq(planInvoices.customerId, customerId));
  if (existing) return;
  for (const monthsAgo of [2, 1, 0]) {
    const paidAt = addPracticeMonths(now, -monthsAgo);
    const [payment] = await ctx.db
      .insert(payments)
      .values({
        customerId,
        provider: 'sandbox',
        providerPaymentId: `demo_plan_${customerId}_${monthsAgo}`,
        status: 'paid',
        amountCents: PRICE_PER_MONTH_CENTS,
        createdAt: paidAt,
        updatedAt: paidAt,
      })
      .returning();
    if (payment) await issuePlanInvoice(ctx, payment.id, customerId, paidAt, { now: paidAt, notify: false });
  }
}
