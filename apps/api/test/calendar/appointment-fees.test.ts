import { ErrorCode, Role } from '@praxia/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRowScope } from '../../src/db/row-scope.js';
import { appointments, users } from '../../src/db/schema.js';
import { withTransaction } from '../../src/db/unit-of-work.js';
import { markAppointmentsBilled } from '../../src/modules/calendar/appointment-billing.service.js';
import type { Actor } from '../../src/plugins/actor.js';
import {
  api,
  bookingInput,
  type CalendarPractice,
  calendarPractice,
  createSlot,
  freshDay,
} from '../calendar-fixtures.js';
import { createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
let team: CalendarPractice;
let other: CalendarPractice;

beforeAll(async () => {
  t = await createTestApp();
  team = await calendarPractice(t);
  other = await calendarPractice(t);
});
afterAll(() => t.close());

const FEES = '/appointment/medical-fee-appointment';
let pastDay = 0;
/** A day in the past (bulk billing looks at appointments that have begun). */
const freshPastDay = () => new Date(Date.UTC(2021, 0, 4 + pastDay++)).toISOString().slice(0, 10);

async function bookedSlot(cookie: string, day = freshDay(), booking: Record<string, unknown> = {}) {
  const slot = await createSlot(t, cookie, { appointmentStart: `${day} 09:00`, appointmentEnd: `${day} 09:50` });
  const booked = await api(t, cookie, 'PATCH', `/appointment/${slot.id}/book`, {
    ...bookingInput(),
    ...booking,
    sendEmails: false,
  });
  expect(booked.statusCode, booked.body).toBe(200);
  return booked.json() as { id: number; therapistId: number };
}

describe('fee entries on appointments', () => {
  it('adds, lists, changes and removes GOÄ and coaching entries', async () => {
    const appointment = await bookedSlot(team.therapist.cookie);
    const goae = await api(t, team.therapist.cookie, 'POST', FEES, {
      appointmentId: appointment.id,
      medicalFeeScheduleCodeValue: '870',
      incrementalRate: '2,3',
    });
    expect(goae.statusCode).toBe(201);
    expect(goae.json()).toMatchObject({
      appointmentId: appointment.id,
      medicalFeeScheduleCodeValue: '870',
      incrementalRate: '2.3',
      amountCents: 10055,
      item: { codeValue: '870', points: 750, maxFactor: '3.5' },
    });
    const coaching = await api(t, team.therapist.cookie, 'POST', FEES, {
      appointmentId: appointment.id,
      coachingTitle: 'Coaching',
      coachingAmount: '90,50',
      coachingAmountAddTax: 'add',
      incrementalRate: '2,3',
    });
    // Spec §5: a coaching entry's rate is reset to 1, whatever was sent.
    expect(coaching.json()).toMatchObject({
      coachingAmount: 90.5,
      amountCents: 9050,
      incrementalRate: '1',
      justification: null,
      item: null,
    });
    const list = await api(t, team.therapist.cookie, 'GET', `${FEES}?appointmentId=${appointment.id}`);
    expect(list.json().list.map((fee: { id: number }) => fee.id)).toEqual([goae.json().id, coaching.json().id]);
    const both = await api(t, team.therapist.cookie, 'GET', `${FEES}?appointmentIds=${appointment.id}`);
    expect(both.json().list).toHaveLength(2);
    const changed = await api(t, team.therapist.cookie, 'PATCH', `${FEES}/${goae.json().id}`, {
      medicalFeeScheduleCodeValue: '870',
      medicalFeeScheduleAlternativeTitle: 'Einzeltherapie',
      incrementalRate: 3.5,
      justification: ' Erhöhter Zeitaufwand. ',
    });
    expect(changed.json()).toMatchObject({
      incrementalRate: '3.5',
      medicalFeeScheduleAlternativeTitle: 'Einzeltherapie',
      justification: 'Erhöhter Zeitaufwand.',
    });
    expect((await api(t, team.therapist.cookie, 'DELETE', `${FEES}/${coaching.json().id}`)).statusCode).toBe(204);
    const read = (await api(t, team.therapist.cookie, 'GET', `/appointment/${appointment.id}`)).json();
    expect(read.medicalFeeSchedules).toHaveLength(1);
    expect(read.billing).toEqual({ feesComplete: true, addressComplete: true });
  });

  it('validates entries (spec §5): a rate for GOÄ within its maximum, title and positive amount for coaching', async () => {
    const appointment = await bookedSlot(team.therapist.cookie);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ medicalFeeScheduleCodeValue: '870' }, { incrementalRate: ['error.required'] }],
      [{ medicalFeeScheduleCodeValue: '870', incrementalRate: '0' }, { incrementalRate: ['error.invalidValue'] }],
      [{ medicalFeeScheduleCodeValue: '870', incrementalRate: 'zwei' }, { incrementalRate: ['error.invalidValue'] }],
      [
        { medicalFeeScheduleCodeValue: '870', incrementalRate: '3,6' },
        { incrementalRate: ['error.feeAgreementRequired'] },
      ],
      [
        { medicalFeeScheduleCodeValue: '99999', incrementalRate: '2,3' },
        { medicalFeeScheduleCodeValue: ['error.invalidValue'] },
      ],
      [{ coachingAmount: '50' }, { coachingTitle: ['error.required'] }],
      [{ coachingTitle: 'Coaching' }, { coachingAmount: ['error.required'] }],
      [{ coachingTitle: 'Coaching', coachingAmount: '-5' }, { coachingAmount: ['error.invalidValue'] }],
      [{ coachingTitle: 'Coaching', coachingAmount: '0' }, { coachingAmount: ['error.invalidValue'] }],
    ];
    for (const [payload, messages] of cases) {
      const response = await api(t, team.therapist.cookie, 'POST', FEES, { appointmentId: appointment.id, ...payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().validationMessages, JSON.stringify(payload)).toEqual(messages);
    }
    expect((await api(t, team.therapist.cookie, 'GET', FEES)).statusCode).toBe(422);
  });

  it('refuses a rate above the item’s threshold without a justification, naming the field and the number', async () => {
    const appointment = await bookedSlot(team.therapist.cookie);
    const add = (payload: Record<string, unknown>) =>
      api(t, team.therapist.cookie, 'POST', FEES, { appointmentId: appointment.id, ...payload });
    const refused = await add({ medicalFeeScheduleCodeValue: '870', incrementalRate: '3,0', justification: '  ' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      validationMessages: { justification: ['error.justificationRequired'] },
      detail: 'Für den Steigerungssatz 3 über 2,3 fehlt die Begründung (Nr. 870).',
      params: { code: '870' },
    });
    // A technical item of section A (855) needs one above 1,8 already.
    const technical = await add({ medicalFeeScheduleCodeValue: '855', incrementalRate: '2,0' });
    expect(technical.json()).toMatchObject({
      validationMessages: { justification: ['error.justificationRequired'] },
      detail: 'Für den Steigerungssatz 2 über 1,8 fehlt die Begründung (Nr. 855).',
    });
    expect((await add({ medicalFeeScheduleCodeValue: '855', incrementalRate: '1,8' })).statusCode).toBe(201);
    const atThreshold = await add({ medicalFeeScheduleCodeValue: '870', incrementalRate: '2,3' });
    expect(atThreshold.statusCode).toBe(201);
    // Raising a stored entry needs one too, and the refusal changes nothing.
    const raised = await api(t, team.therapist.cookie, 'PATCH', `${FEES}/${atThreshold.json().id}`, {
      medicalFeeScheduleCodeValue: '870',
      incrementalRate: '3,5',
    });
    expect(raised.statusCode).toBe(422);
    expect(raised.json().validationMessages).toEqual({ justification: ['error.justificationRequired'] });
    const list = (await api(t, team.therapist.cookie, 'GET', `${FEES}?appointmentId=${appointment.id}`)).json();
    expect(list.list.map((fee: { incrementalRate: string }) => fee.incrementalRate)).toEqual(['1.8', '2.3']);
  });

  it('locks the entries once billable or billed, and hides other calendars’ entries (404)', async () => {
    const appointment = await bookedSlot(team.therapist.cookie, freshPastDay());
    const fee = (
      await api(t, team.therapist.cookie, 'POST', FEES, {
        appointmentId: appointment.id,
        coachingTitle: 'C',
        coachingAmount: 80,
      })
    ).json();
    await api(t, team.therapist.cookie, 'PATCH', `/appointment/${appointment.id}`, { state: 'billable' });
    const locked = await api(t, team.therapist.cookie, 'POST', FEES, {
      appointmentId: appointment.id,
      coachingTitle: 'D',
      coachingAmount: 5,
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe(ErrorCode.appointmentStateForbids);
    expect((await api(t, team.therapist.cookie, 'DELETE', `${FEES}/${fee.id}`)).statusCode).toBe(409);
    expect((await api(t, team.otherTherapist.cookie, 'DELETE', `${FEES}/${fee.id}`)).statusCode).toBe(404);
    expect(
      (await api(t, team.otherTherapist.cookie, 'GET', `${FEES}?appointmentId=${appointment.id}`)).statusCode,
    ).toBe(404);
    expect((await api(t, other.assistant.cookie, 'GET', `${FEES}?appointmentId=${appointment.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await api(t, team.patientAccount.cookie, 'GET', `${FEES}?appointmentId=${appointment.id}`)).statusCode,
    ).toBe(403);
    // The assistant works on the practice's calendars.
    expect(
      (await api(t, team.assistant.cookie, 'GET', `${FEES}?appointmentId=${appointment.id}`)).json().list,
    ).toHaveLength(1);
  });
});

describe('PATCH /appointment/state (bulk billable)', () => {
  it('marks the complete taken appointments of the therapist in the past billable, and says when there are none', async () => {
    const complete = await bookedSlot(team.otherTherapist.cookie, freshPastDay());
    const withoutFees = await bookedSlot(team.otherTherapist.cookie, freshPastDay());
    const withoutAddress = await bookedSlot(team.otherTherapist.cookie, freshPastDay(), { street: null, city: null });
    const future = await bookedSlot(team.otherTherapist.cookie);
    for (const appointment of [complete, withoutAddress, future]) {
      await api(t, team.otherTherapist.cookie, 'POST', FEES, {
        appointmentId: appointment.id,
        coachingTitle: 'C',
        coachingAmount: 80,
      });
    }
    const bulk = (payload: Record<string, unknown>, cookie = team.otherTherapist.cookie) =>
      api(t, cookie, 'PATCH', '/appointment/state', {
        state: 'billable',
        therapistIds: [team.otherTherapist.id],
        ...payload,
      });
    const all = await bulk({});
    expect(all.statusCode).toBe(200);
    // Only complete data becomes billable (spec §4.1): missing fees or a missing address do not; the future waits.
    expect(all.json().appointmentIds).toEqual([complete.id]);
    const left = await t.database.db
      .select()
      .from(appointments)
      .where(inArray(appointments.id, [withoutFees.id, withoutAddress.id]));
    expect(left.map((row) => row.state)).toEqual(['taken', 'taken']);

    const none = await bulk({});
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({
      code: ErrorCode.appointmentsNoneBillable,
      detail: 'Keine abrechenbaren Termine in der Vergangenheit vorhanden.',
    });
    const notSelected = await bulk({ appointmentIds: [] });
    expect(notSelected.statusCode).toBe(422);
    expect(notSelected.json()).toMatchObject({
      code: ErrorCode.appointmentsNoneSelected,
      detail: 'Keine Termine angekreuzt.',
    });
    const noneReady = await bulk({ appointmentIds: [withoutFees.id] });
    expect(noneReady.statusCode).toBe(404);
    expect(noneReady.json()).toMatchObject({
      code: ErrorCode.appointmentsNoneInView,
      detail: 'In der aktuellen Kalenderansicht sind keine abrechnungsbereiten Termine vorhanden.',
    });
    // A service is billed once rendered: a selected appointment still to come is refused.
    const selected = await bulk({ appointmentIds: [future.id] });
    expect(selected.statusCode).toBe(409);
    expect(selected.json().code).toBe(ErrorCode.appointmentNotEnded);
    const billed = await bulk({ state: 'billed' });
    expect(billed.statusCode).toBe(409);
    expect(billed.json().code).toBe(ErrorCode.appointmentBilledByInvoiceOnly);
  });

  it('lets an assistant act for the practice’s therapists only, and refuses roles without the permission', async () => {
    const foreign = await api(t, team.assistant.cookie, 'PATCH', '/appointment/state', {
      state: 'billable',
      therapistIds: [other.therapist.id],
    });
    expect(foreign.statusCode).toBe(404);
    const colleague = await api(t, team.therapist.cookie, 'PATCH', '/appointment/state', {
      state: 'billable',
      therapistIds: [team.otherTherapist.id],
    });
    expect(colleague.statusCode).toBe(404);
    const patient = await api(t, team.patientAccount.cookie, 'PATCH', '/appointment/state', {
      state: 'billable',
      therapistIds: [team.therapist.id],
    });
    expect(patient.statusCode).toBe(403);
  });
});

describe('a DRS therapist, who does not bill', () => {
  it('is refused marking billable and invoicing with its own code, not told there is nothing to bill', async () => {
    const appointment = await bookedSlot(team.drs.cookie, freshPastDay());
    await api(t, team.drs.cookie, 'POST', FEES, {
      appointmentId: appointment.id,
      coachingTitle: 'C',
      coachingAmount: 80,
    });
    const refusals = [
      await api(t, team.drs.cookie, 'PATCH', '/appointment/state', { state: 'billable', therapistIds: [team.drs.id] }),
      await api(t, team.drs.cookie, 'PATCH', `/appointment/${appointment.id}`, { state: 'billable' }),
      await api(t, team.drs.cookie, 'POST', '/invoice', { therapistIds: [team.drs.id] }),
      await api(t, team.drs.cookie, 'POST', '/invoice', { appointmentIds: [appointment.id] }),
    ];
    for (const refusal of refusals) {
      expect(refusal.statusCode).toBe(403);
      expect(refusal.json()).toMatchObject({
        code: ErrorCode.billingNotForDrs,
        detail: 'Therapists with the DRS role do not bill.',
      });
    }
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(row?.state).toBe('taken');
  });
});

describe('markAppointmentsBilled (for invoicing)', () => {
  const actorOf = (member: { id: number }, roles: number): Actor => ({
    userId: member.id,
    roles,
    customerIds: [team.id],
    practiceId: team.id,
    sessionIdHash: new Uint8Array(),
    idleExpiresAt: new Date(Date.now() + 60_000),
    isTrialExpired: false,
    isSecondFactorMissing: false,
    patientOfPracticeId: null,
  });
  // As the invoice service calls it: inside a request of the actor's practice.
  const bill = (actor: Actor, ids: number[]) =>
    withRowScope(actor.practiceId ?? 'none', () =>
      withTransaction(t.app.ctx, (tx) => markAppointmentsBilled(tx, actor, ids, new Date())),
    );

  it('bills complete billable ones, and taken ones only without the billing approval step', async () => {
    const therapist = actorOf(team.treatingOwner, Role.THERAPIST | Role.CUSTOMER_ADMIN);
    const taken = await bookedSlot(team.treatingOwner.cookie, freshPastDay());
    await api(t, team.treatingOwner.cookie, 'POST', FEES, {
      appointmentId: taken.id,
      medicalFeeScheduleCodeValue: '870',
      incrementalRate: '2.3',
    });
    await t.database.db.update(users).set({ billingApproval: true }).where(eq(users.id, team.treatingOwner.id));
    await expect(bill(therapist, [taken.id])).rejects.toMatchObject({ code: ErrorCode.appointmentStateForbids });
    await api(t, team.treatingOwner.cookie, 'PATCH', `/appointment/${taken.id}`, { state: 'billable' });
    const billed = await bill(therapist, [taken.id]);
    expect(billed.map((row) => row.id)).toEqual([taken.id]);
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, taken.id));
    expect(row?.state).toBe('billed');
    expect(row?.billedAt).toBeInstanceOf(Date);

    await t.database.db.update(users).set({ billingApproval: false }).where(eq(users.id, team.treatingOwner.id));
    const direct = await bookedSlot(team.treatingOwner.cookie, freshPastDay());
    await api(t, team.treatingOwner.cookie, 'POST', FEES, {
      appointmentId: direct.id,
      coachingTitle: 'C',
      coachingAmount: 10,
    });
    expect((await bill(therapist, [direct.id])).map((row) => row.state)).toEqual(['taken']);
    const deleteBilled = await api(t, team.treatingOwner.cookie, 'DELETE', `/appointment/${direct.id}`);
    expect(deleteBilled.json().code).toBe(ErrorCode.appointmentBilled);
  });

  it('refuses incomplete ones with the spec’s messages, DRS therapists, and other calendars', async () => {
    const therapist = actorOf(team.therapist, Role.THERAPIST);
    const noFees = await bookedSlot(team.therapist.cookie, freshPastDay());
    await expect(bill(therapist, [noFees.id])).rejects.toMatchObject({
      code: ErrorCode.appointmentFeesIncomplete,
      detail: 'Rechnungspositionen unvollständig.',
    });
    const noAddress = await bookedSlot(team.therapist.cookie, freshPastDay(), { postalCode: null });
    await api(t, team.therapist.cookie, 'POST', FEES, {
      appointmentId: noAddress.id,
      coachingTitle: 'C',
      coachingAmount: 10,
    });
    await expect(bill(therapist, [noAddress.id])).rejects.toMatchObject({
      code: ErrorCode.appointmentAddressMissing,
      detail: 'Adresse fehlt.',
    });
    await expect(bill(actorOf(team.drs, Role.THERAPIST_DRS), [noAddress.id])).rejects.toMatchObject({ status: 403 });
    await expect(bill(actorOf(team.otherTherapist, Role.THERAPIST), [noAddress.id])).rejects.toMatchObject({
      status: 404,
    });
  });
});
