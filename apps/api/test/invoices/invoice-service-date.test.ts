import { ErrorCode } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../src/db/schema.js';
import { api } from '../calendar-fixtures.js';
import {
  appointmentState,
  type InvoicePractice,
  invoiceableAppointment,
  invoicePractice,
  invoiceRow,
  issue,
} from '../invoice-fixtures.js';
import { createTestApp, type TestApp } from '../test-app.js';

// §14 Abs.4 Nr.6 UStG and §12 GOÄ: an invoice states the date of a service rendered. An appointment that has not
// ended is neither billable nor invoiced, so no service date lies after the invoice date.

let t: TestApp;
let team: InvoicePractice;

beforeAll(async () => {
  t = await createTestApp();
  // A practice of its own: "every billable appointment" then means exactly the ones made here.
  team = await invoicePractice(t);
});
afterAll(() => t.close());

/** An appointment with its fee entry that began an hour ago and ends in an hour (a session under way). */
async function runningAppointment(cookie: string) {
  const appointment = await invoiceableAppointment(t, cookie);
  await t.database.db
    .update(appointments)
    .set({ startsAt: new Date(Date.now() - 3_600_000), endsAt: new Date(Date.now() + 3_600_000) })
    .where(eq(appointments.id, appointment.id));
  return appointment;
}

const notEnded = (response: { statusCode: number; json: () => { code: string; detail: string } }) => {
  expect(response.statusCode).toBe(409);
  expect(response.json().code).toBe(ErrorCode.appointmentNotEnded);
  expect(response.json().detail).toMatch(/ist noch nicht beendet .*Abgerechnet wird erst nach der Leistung\./);
};

describe('§14 UStG: no invoice before the service', () => {
  it('§14 UStG: refuses to make an appointment under way billable, alone or selected, and skips it in "all"', async () => {
    const running = await runningAppointment(team.therapist.cookie);
    notEnded(await api(t, team.therapist.cookie, 'PATCH', `/appointment/${running.id}`, { state: 'billable' }));
    notEnded(
      await api(t, team.therapist.cookie, 'PATCH', '/appointment/state', {
        state: 'billable',
        therapistIds: [team.therapist.id],
        appointmentIds: [running.id],
      }),
    );
    const all = await api(t, team.therapist.cookie, 'PATCH', '/appointment/state', {
      state: 'billable',
      therapistIds: [team.therapist.id],
    });
    expect(all.statusCode).toBe(404);
    expect(all.json().code).toBe(ErrorCode.appointmentsNoneBillable);
    expect(await appointmentState(t, running.id)).toBe('taken');
  });

  it('§14 UStG: refuses to invoice an appointment under way or to come, and leaves it out of "all"', async () => {
    // The colleague's calendar: the first test's session under way is the therapist's.
    const { cookie, id } = team.otherTherapist;
    const running = await runningAppointment(cookie);
    notEnded(await api(t, cookie, 'POST', '/invoice', { appointmentIds: [running.id] }));
    const future = await invoiceableAppointment(t, cookie, { day: '2031-03-04' });
    notEnded(await api(t, cookie, 'POST', '/invoice', { appointmentIds: [future.id] }));
    const all = await api(t, cookie, 'POST', '/invoice', { therapistIds: [id] });
    expect(all.statusCode).toBe(404);
    expect(all.json().code).toBe(ErrorCode.appointmentsNoneBillable);
    for (const id of [running.id, future.id]) expect(await appointmentState(t, id)).toBe('taken');
  });

  it('§14 UStG: an ended appointment is invoiced, its service date not after the invoice date', async () => {
    const ended = await invoiceableAppointment(t, team.therapist.cookie);
    const [invoice] = await issue(t, team.therapist.cookie, { appointmentIds: [ended.id] });
    const { document } = await invoiceRow(t, invoice?.id ?? 0);
    for (const line of document.lines) expect(line.date <= document.issueDate).toBe(true);
    expect(await appointmentState(t, ended.id)).toBe('billed');
  });
});
