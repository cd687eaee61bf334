import { ErrorCode } from '@praxia/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, freshDay } from '../calendar-fixtures.js';
import {
  appointmentState,
  type InvoicePractice,
  invoiceableAppointment,
  invoicePractice,
  invoiceRow,
  issue,
  setUser,
} from '../invoice-fixtures.js';
import { createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
let team: InvoicePractice;
let other: InvoicePractice;

beforeAll(async () => {
  t = await createTestApp();
  team = await invoicePractice(t);
  other = await invoicePractice(t);
});
afterAll(() => t.close());

describe('POST /invoice without a selection', () => {
  it('bills every past invoiceable appointment of the caller, one invoice per patient, not the future ones', async () => {
    const first = await invoiceableAppointment(t, team.treatingOwner.cookie);
    const second = await invoiceableAppointment(t, team.treatingOwner.cookie, { clientId: first.clientId });
    const third = await invoiceableAppointment(t, team.treatingOwner.cookie);
    const future = await invoiceableAppointment(t, team.treatingOwner.cookie, { day: freshDay() });
    const list = await issue(t, team.treatingOwner.cookie, {});
    expect(list).toHaveLength(2);
    const byClient = new Map(list.map((item) => [item.clientId, item]));
    expect(byClient.get(first.clientId)?.amount).toBe(201.1);
    expect(byClient.get(third.clientId)?.amount).toBe(100.55);
    for (const id of [first.id, second.id, third.id]) expect(await appointmentState(t, id)).toBe('billed');
    expect(await appointmentState(t, future.id)).toBe('taken');
    const none = await api(t, team.treatingOwner.cookie, 'POST', '/invoice', {});
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({
      code: ErrorCode.appointmentsNoneBillable,
      detail: 'Keine abrechenbaren Termine in der Vergangenheit vorhanden.',
    });
  });

  it('with billing approval takes only billable appointments, not taken ones', async () => {
    await setUser(t, other.treatingOwner.id, { billingApproval: true });
    const taken = await invoiceableAppointment(t, other.treatingOwner.cookie);
    const refused = await api(t, other.treatingOwner.cookie, 'POST', '/invoice', {});
    expect(refused.statusCode).toBe(404);
    const marked = await api(t, other.treatingOwner.cookie, 'PATCH', '/appointment/state', {
      state: 'billable',
      therapistIds: [other.treatingOwner.id],
      appointmentIds: [taken.id],
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(await issue(t, other.treatingOwner.cookie, {})).toHaveLength(1);
  });
});

describe('POST /invoice permissions', () => {
  it('lets an assistant invoice for a therapist of the practice, by selection or by therapist', async () => {
    const selected = await invoiceableAppointment(t, team.therapist.cookie);
    const [created] = await issue(t, team.assistant.cookie, { appointmentIds: [selected.id] });
    expect(created).toMatchObject({ therapistId: team.therapist.id, clientId: selected.clientId });
    expect((await invoiceRow(t, created?.id ?? 0)).createdBy).toBe(team.assistant.id);
    const past = await invoiceableAppointment(t, team.otherTherapist.cookie);
    const list = await issue(t, team.assistant.cookie, { therapistIds: [team.otherTherapist.id] });
    expect(list.map((item) => item.therapistId)).toEqual([team.otherTherapist.id]);
    expect(await appointmentState(t, past.id)).toBe('billed');
  });

  it('answers a foreign appointment or therapist exactly like a missing one (404)', async () => {
    const foreign = await invoiceableAppointment(t, other.therapist.cookie);
    const byId = await api(t, team.assistant.cookie, 'POST', '/invoice', { appointmentIds: [foreign.id] });
    const missing = await api(t, team.assistant.cookie, 'POST', '/invoice', { appointmentIds: [2_000_000_000] });
    expect(byId.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(byId.json().detail).toBe(missing.json().detail);
    const byTherapist = await api(t, team.assistant.cookie, 'POST', '/invoice', { therapistIds: [other.therapist.id] });
    expect(byTherapist.statusCode).toBe(404);
    // A therapist cannot bill a colleague's appointment either.
    const colleague = await invoiceableAppointment(t, team.otherTherapist.cookie);
    expect(
      (await api(t, team.therapist.cookie, 'POST', '/invoice', { appointmentIds: [colleague.id] })).statusCode,
    ).toBe(404);
    expect(await appointmentState(t, foreign.id)).toBe('taken');
  });

  it('refuses the DRS therapist (no billing permission), the owner without treating role, patients and admins', async () => {
    const drsAppointment = await invoiceableAppointment(t, team.drs.cookie);
    for (const cookie of [team.drs.cookie, team.owner.cookie, team.patientAccount.cookie, team.admin.cookie]) {
      const response = await api(t, cookie, 'POST', '/invoice', { appointmentIds: [drsAppointment.id] });
      expect(response.statusCode).toBe(403);
    }
    expect(await appointmentState(t, drsAppointment.id)).toBe('taken');
    // The assistant bills the DRS therapist's appointment for them.
    const [created] = await issue(t, team.assistant.cookie, { appointmentIds: [drsAppointment.id] });
    expect(created).toMatchObject({ therapistId: team.drs.id });
  });

  it('validates the body (422) and refuses an already billed appointment (409)', async () => {
    for (const payload of [{ appointmentIds: [] }, { appointmentIds: ['x'] }, { confirmExclusions: 'yes' }]) {
      expect((await api(t, team.therapist.cookie, 'POST', '/invoice', payload)).statusCode).toBe(422);
    }
    const appointment = await invoiceableAppointment(t, team.therapist.cookie);
    await issue(t, team.therapist.cookie, { appointmentIds: [appointment.id] });
    const again = await api(t, team.therapist.cookie, 'POST', '/invoice', { appointmentIds: [appointment.id] });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(ErrorCode.appointmentStateForbids);
  });
});
