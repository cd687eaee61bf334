import { type InvoiceListItem, toPracticeIsoDate } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../src/db/schema.js';
import { api } from '../calendar-fixtures.js';
import { type InvoicePractice, invoicePractice, issueOne } from '../invoice-fixtures.js';
import { createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
let team: InvoicePractice;
const byName: Record<'paid' | 'overdue' | 'due' | 'cancelled', InvoiceListItem> = {} as never;

const patch = (id: number, state: string) => api(t, team.therapist.cookie, 'PATCH', `/invoice/${id}`, { state });

beforeAll(async () => {
  t = await createTestApp();
  team = await invoicePractice(t);
  for (const name of ['paid', 'overdue', 'due', 'cancelled'] as const)
    byName[name] = await issueOne(t, team.therapist.cookie);
  expect((await patch(byName.paid.id, 'paid')).statusCode).toBe(200);
  expect((await patch(byName.cancelled.id, 'cancelled')).statusCode).toBe(200);
  // Issued in an earlier month, and one whose due date has passed.
  await t.database.db
    .update(invoices)
    .set({ createdAt: new Date('2026-01-15T10:00:00Z') })
    .where(eq(invoices.id, byName.paid.id));
  await t.database.db.update(invoices).set({ dueDate: '2026-01-29' }).where(eq(invoices.id, byName.overdue.id));
});
afterAll(() => t.close());

const listed = async (query: string) => {
  const response = await api(
    t,
    team.assistant.cookie,
    'GET',
    `/invoice?orderBy=invoiceNumber&descending=false${query}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { list: InvoiceListItem[]; sum: number; maxItems: number };
  return { ids: body.list.map((item) => item.id), sum: body.sum, maxItems: body.maxItems, list: body.list };
};

describe('GET /invoice state filter and sum', () => {
  it('filters open, overdue, paid and cancelled invoices and sums what it lists over all pages', async () => {
    expect(await listed('&state=open')).toMatchObject({ ids: [byName.overdue.id, byName.due.id], sum: 201.1 });
    expect(await listed('&state=overdue')).toMatchObject({ ids: [byName.overdue.id], sum: 100.55 });
    const paid = await listed('&state=paid');
    expect(paid).toMatchObject({ ids: [byName.paid.id], sum: 100.55 });
    // Marked paid by hand: paid today as far as the practice knows.
    expect(paid.list[0]?.paidAt).toBe(toPracticeIsoDate(new Date()));
    // A cancelled invoice and its Storno cancel each other out.
    const cancelled = await listed('&state=cancelled');
    expect(cancelled.ids).toHaveLength(2);
    expect(cancelled.sum).toBe(0);
    // The sum covers every page, not only the one shown.
    expect(await listed('&state=open&limit=1&page=1')).toMatchObject({
      ids: [byName.overdue.id],
      sum: 201.1,
      maxItems: 2,
    });
    expect(await listed('&state=open&limit=1&page=5')).toMatchObject({ ids: [], sum: 201.1, maxItems: 2 });
    expect((await api(t, team.assistant.cookie, 'GET', '/invoice?state=late')).statusCode).toBe(422);
  });

  it('forgets the payment day when a paid invoice is set back to open', async () => {
    const invoice = await issueOne(t, team.therapist.cookie);
    await patch(invoice.id, 'paid');
    const reopened = await patch(invoice.id, 'created');
    expect(reopened.json()).toMatchObject({ state: 'created', paidAt: null });
    await patch(invoice.id, 'cancelled');
  });
});

describe('GET /invoice/monthly-summary', () => {
  it('splits each month into invoiced, paid and open (cancelled invoices do not count)', async () => {
    const response = await api(t, team.assistant.cookie, 'GET', '/invoice/monthly-summary');
    expect(response.statusCode).toBe(200);
    const thisMonth = toPracticeIsoDate(new Date()).slice(0, 7);
    expect(response.json()).toEqual({
      list: [
        { month: thisMonth, amount: 201.1, paid: 0, open: 201.1 },
        { month: '2026-01', amount: 100.55, paid: 100.55, open: 0 },
      ],
      total: 301.65,
      paid: 100.55,
      open: 201.1,
    });
  });
});

describe('the list’s sum and deleted invoices', () => {
  it('§14 UStG: a deleted invoice stays listed under its number but adds nothing to the sum', async () => {
    const before = await listed('&limit=0');
    const invoice = await issueOne(t, team.therapist.cookie);
    const deleted = await api(t, team.assistant.cookie, 'DELETE', `/invoice/${invoice.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const after = await listed('&limit=0');
    expect(after.list.find((item) => item.id === invoice.id)?.state).toBe('deleted');
    expect(after.maxItems).toBe(before.maxItems + 1);
    expect(after.sum).toBe(before.sum);
  });
});
