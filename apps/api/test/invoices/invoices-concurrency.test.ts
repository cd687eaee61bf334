import { ErrorCode } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceAppointments, invoices } from '../../src/db/schema.js';
import { api } from '../calendar-fixtures.js';
import {
  appointmentState,
  type InvoicePractice,
  invoiceableAppointment,
  invoicePractice,
  setPractice,
} from '../invoice-fixtures.js';
import { createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
let team: InvoicePractice;

beforeAll(async () => {
  t = await createTestApp();
  team = await invoicePractice(t);
  await setPractice(t, team, { firstInvoiceNumber: 7000 });
});
afterAll(() => t.close());

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe('invoice issue under concurrency', () => {
  it('20 simultaneous issues for 20 patients take 20 distinct consecutive numbers', async () => {
    const appointments = [];
    // Two therapists and the assistant issue at once: one number sequence per practice.
    for (let index = 0; index < 20; index++) {
      const cookie = index % 2 ? team.therapist.cookie : team.otherTherapist.cookie;
      appointments.push({ ...(await invoiceableAppointment(t, cookie)), cookie });
    }
    const answers = await Promise.all(
      appointments.map((appointment, index) =>
        api(t, index % 3 ? appointment.cookie : team.assistant.cookie, 'POST', '/invoice', {
          appointmentIds: [appointment.id],
        }),
      ),
    );
    expect(tally(answers.map((answer) => answer.statusCode))).toEqual({ 201: 20 });
    const numbers = answers.map((answer) => Number(answer.json().list[0].invoiceNumber)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => 7000 + index));
    for (const appointment of appointments) expect(await appointmentState(t, appointment.id)).toBe('billed');
  });

  it('20 simultaneous issues of the same appointment: exactly one invoice, the appointment billed once', async () => {
    const appointment = await invoiceableAppointment(t, team.therapist.cookie);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        api(t, index % 2 ? team.therapist.cookie : team.assistant.cookie, 'POST', '/invoice', {
          appointmentIds: [appointment.id],
        }),
      ),
    );
    expect(tally(answers.map((answer) => answer.statusCode))).toEqual({ 201: 1, 409: 19 });
    for (const answer of answers.filter((candidate) => candidate.statusCode === 409)) {
      expect(answer.json().code).toBe(ErrorCode.appointmentStateForbids);
    }
    const links = await t.database.db
      .select()
      .from(invoiceAppointments)
      .where(eq(invoiceAppointments.appointmentId, appointment.id));
    expect(links).toHaveLength(1);
    const practiceInvoices = await t.database.db.select().from(invoices).where(eq(invoices.customerId, team.id));
    // The 20 of the test before and this one: no number was taken by the refused attempts.
    expect(practiceInvoices.map((row) => row.invoiceNumber).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 21 }, (_, index) => 7000 + index),
    );
    expect(await appointmentState(t, appointment.id)).toBe('billed');
  });
});
