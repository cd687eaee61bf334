import { toPracticeIsoDate } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, overdueNotices } from '../../src/db/schema.js';
import { api } from '../calendar-fixtures.js';
import { type InvoicePractice, invoiceableAppointment, invoicePractice, issue, setUser } from '../invoice-fixtures.js';
import { collapsed, pdfText } from '../pdf-text.js';
import { createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
let team: InvoicePractice;

beforeAll(async () => {
  t = await createTestApp();
  team = await invoicePractice(t);
});
afterAll(() => t.close());

/** Issues an invoice of the therapist and answers the text of its stored PDF and of a first reminder to it. */
async function printedTexts() {
  const appointment = await invoiceableAppointment(t, team.therapist.cookie);
  const [created] = await issue(t, team.therapist.cookie, { appointmentIds: [appointment.id] });
  const invoiceId = created?.id ?? 0;
  const pdf = await api(t, team.therapist.cookie, 'GET', `/invoice/${invoiceId}/file?type=pdf`);
  expect(pdf.statusCode).toBe(200);
  // The due date passed (a reminder comes only after it).
  await t.database.db
    .update(invoices)
    .set({ dueDate: toPracticeIsoDate(new Date(Date.now() - 86_400_000)) })
    .where(eq(invoices.id, invoiceId));
  const notice = await api(t, team.therapist.cookie, 'POST', '/invoice/overdue-notice', {
    invoiceId,
    type: 'reminder',
  });
  expect(notice.statusCode, notice.body).toBe(201);
  const [row] = await t.database.db.select().from(overdueNotices).where(eq(overdueNotices.id, notice.json().id));
  const noticePdf = await t.app.ctx.storage.get(row?.pdfKey ?? '');
  return {
    invoice: collapsed(await pdfText(pdf.rawPayload)),
    notice: collapsed(await pdfText(noticePdf ?? Buffer.alloc(0))),
  };
}

describe('the job title on the invoice and its overdue notice', () => {
  const job = { jobTitleType: 'psychologicalPsychotherapist', jobTitleFreetext: null };

  it('is feminine for a therapist addressed as Frau', async () => {
    await setUser(t, team.therapist.id, { ...job, salutation: 'Frau' });
    const { invoice, notice } = await printedTexts();
    for (const text of [invoice, notice]) {
      expect(text).toContain('Psychologische Psychotherapeutin');
      expect(text).not.toContain('Psychotherapeut:in');
    }
  });

  it('is masculine for Herr and neutral for Divers', async () => {
    await setUser(t, team.therapist.id, { ...job, salutation: 'Herr' });
    expect((await printedTexts()).invoice).toContain('Psychologischer Psychotherapeut');
    await setUser(t, team.therapist.id, { ...job, salutation: 'Divers' });
    expect((await printedTexts()).invoice).toContain('Psychologische:r Psychotherapeut:in');
  });
});
