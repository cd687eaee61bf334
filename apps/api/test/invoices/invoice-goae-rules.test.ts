import { ErrorCode, ValidationKey } from '@praxia/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDiagnoses } from '../../src/db/schema.js';
import { api, createSlot } from '../calendar-fixtures.js';
import {
  type InvoicePractice,
  invoiceableAppointment,
  invoicePractice,
  issue,
  setPatient,
  setUser,
} from '../invoice-fixtures.js';
import { collapsed, pdfText } from '../pdf-text.js';
import { createTestApp, type TestApp } from '../test-app.js';

// The GOÄ rules on saving fee entries and issuing invoices: who may bill GOÄ items, analog numbers, the catalogue's
// item exclusions and limits, the fee agreement above the maximum, the diagnosis consent and the qualification line.

let t: TestApp;
let team: InvoicePractice;

beforeAll(async () => {
  t = await createTestApp();
  team = await invoicePractice(t);
  await setUser(t, team.therapist.id, { jobTitleType: 'psychologicalPsychotherapist' });
});
afterAll(() => t.close());

const REASON = 'Aufgrund des erhöhten Zeitaufwands wird der angegebene Steigerungssatz veranschlagt.';

const addFee = (cookie: string, appointmentId: number, fee: Record<string, unknown>) =>
  api(t, cookie, 'POST', '/appointment/medical-fee-appointment', { appointmentId, ...fee });
const addDefault = (cookie: string, userId: number, fee: Record<string, unknown>) =>
  api(t, cookie, 'POST', '/user-medical-fee-schedule', { userId, ...fee });

async function invoiceText(cookie: string, invoiceId: number) {
  const pdf = await api(t, cookie, 'GET', `/invoice/${invoiceId}/file?type=pdf`);
  expect(pdf.statusCode).toBe(200);
  return collapsed(await pdfText(pdf.rawPayload));
}

/** A booked appointment without fee entries, to add them one by one. */
const bareAppointment = (clientId?: number, day?: string) =>
  invoiceableAppointment(t, team.therapist.cookie, { fees: [], clientId, day });

/**
 * How the three ways of billing GOÄ 870 answer a therapist: a fee on the appointment, the patient's fee default, and
 * issuing `billedId` (an appointment whose GOÄ entry was saved earlier).
 */
async function goaeAnswers(cookie: string, appointment: { id: number; clientId: number }, billedId: number) {
  const answers = [
    await addFee(cookie, appointment.id, { medicalFeeScheduleCodeValue: '870', incrementalRate: '2,3' }),
    await addDefault(cookie, appointment.clientId, { codeValue: '870', incrementalRate: '2,3' }),
    await api(t, cookie, 'POST', '/invoice', { appointmentIds: [billedId] }),
  ];
  return answers.map((answer) => ({ status: answer.statusCode, code: answer.json().code as string }));
}

describe('§4 Nr. 14 UStG: GOÄ items only for healing professions', () => {
  it('§4 Nr. 14 UStG: refuses GOÄ entries of a coach (defaults, appointment, invoice), allows coaching lines', async () => {
    const coach = team.otherTherapist;
    // An entry saved while the job type allowed it is refused when billed, and nothing is issued.
    await setUser(t, coach.id, { jobTitleType: 'psychologicalPsychotherapist' });
    const earlier = await invoiceableAppointment(t, coach.cookie);
    await setUser(t, coach.id, { jobTitleType: 'coachOrConsultant' });
    const appointment = await invoiceableAppointment(t, coach.cookie, { fees: [] });
    const refused = { status: 422, code: ErrorCode.goaeNotForJobType };
    expect(await goaeAnswers(coach.cookie, appointment, earlier.id)).toEqual([refused, refused, refused]);
    const fee = await addFee(coach.cookie, appointment.id, {
      medicalFeeScheduleCodeValue: '870',
      incrementalRate: '2,3',
    });
    expect(fee.json().detail).toContain('Heilberufen');
    const coaching = { coachingTitle: 'Coaching', coachingAmount: '90', coachingAmountAddTax: 'add' };
    expect((await addFee(coach.cookie, appointment.id, coaching)).statusCode).toBe(201);
    expect(await issue(t, coach.cookie, { appointmentIds: [appointment.id] })).toHaveLength(1);
    await setUser(t, coach.id, { jobTitleType: 'psychologicalPsychotherapist' });
  });

  it('§4 Nr. 14 UStG: a therapist with no job type recorded is asked to choose one before billing GOÄ', async () => {
    const therapist = team.otherTherapist;
    const earlier = await invoiceableAppointment(t, therapist.cookie);
    await setUser(t, therapist.id, { jobTitleType: null });
    const appointment = await invoiceableAppointment(t, therapist.cookie, { fees: [] });
    const refused = { status: 422, code: ErrorCode.goaeNeedsJobType };
    expect(await goaeAnswers(therapist.cookie, appointment, earlier.id)).toEqual([refused, refused, refused]);
    const fee = await addFee(therapist.cookie, appointment.id, {
      medicalFeeScheduleCodeValue: '870',
      incrementalRate: '2,3',
    });
    expect(fee.json().detail).toContain('Berufsbezeichnung');
    await setUser(t, therapist.id, { jobTitleType: 'psychologicalPsychotherapist' });
    expect(await issue(t, therapist.cookie, { appointmentIds: [earlier.id] })).toHaveLength(1);
  });
});

describe('§6 Abs. 2 GOÄ: analog numbers', () => {
  it('§6 Abs. 2 GOÄ: refuses an analog number without the performed service as its own title', async () => {
    const appointment = await bareAppointment();
    const refused = await addFee(team.therapist.cookie, appointment.id, {
      medicalFeeScheduleCodeValue: '812a',
      incrementalRate: '2,3',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().validationMessages).toEqual({ alternativeTitle: [ValidationKey.analogTitleRequired] });
    const byDefault = await addDefault(team.therapist.cookie, appointment.clientId, {
      codeValue: '812a',
      incrementalRate: '2,3',
      alternativeTitle: '  ',
    });
    expect(byDefault.statusCode).toBe(422);
    expect(byDefault.json().validationMessages).toEqual({ alternativeTitle: [ValidationKey.analogTitleRequired] });
  });

  it('§12 Abs. 4 GOÄ: prints "<title> entsprechend Nr. <base> <base title>"', async () => {
    const appointment = await invoiceableAppointment(t, team.therapist.cookie, {
      fees: [{ code: '812a', rate: '2,3', alternativeTitle: 'Psychotherapeutische Akutbehandlung, je 25 Minuten' }],
    });
    const [created] = await issue(t, team.therapist.cookie, { appointmentIds: [appointment.id] });
    // The factor and amount columns sit beside the description's first line; read without them.
    const text = (await invoiceText(team.therapist.cookie, created?.id ?? 0)).replace(' 2,3 67,03 €', '');
    expect(text).toContain(
      '812a Psychotherapeutische Akutbehandlung, je 25 Minuten entsprechend Nr. 812 Psychiatrische Notfallbehandlung',
    );
  });
});

describe('the catalogue’s item exclusions and limits (GOÄ Anlage, Abschnitte B und G)', () => {
  it('refuses Nr. 4 beside Nr. 801 in one session, naming both numbers, on save of either entry', async () => {
    const appointment = await bareAppointment();
    expect(
      (
        await addFee(team.therapist.cookie, appointment.id, {
          medicalFeeScheduleCodeValue: '801',
          incrementalRate: '2,3',
        })
      ).statusCode,
    ).toBe(201);
    const refused = await addFee(team.therapist.cookie, appointment.id, {
      medicalFeeScheduleCodeValue: '4',
      incrementalRate: '2,3',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: ErrorCode.goaeItemExclusion,
      params: { code: '801', otherCode: '4' },
      detail: expect.stringContaining('Die Nr. 801 ist neben der Nr. 4 nicht berechnungsfähig'),
    });
  });

  it('refuses patient defaults that exclude each other (Nr. 860 beside Nr. 807)', async () => {
    const appointment = await bareAppointment();
    expect(
      (await addDefault(team.therapist.cookie, appointment.clientId, { codeValue: '807', incrementalRate: '2,3' }))
        .statusCode,
    ).toBe(201);
    const refused = await addDefault(team.therapist.cookie, appointment.clientId, {
      codeValue: '860',
      incrementalRate: '2,3',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: ErrorCode.goaeItemExclusion,
      params: { code: '860', otherCode: '807' },
    });
  });

  it('refuses Nr. 860 twice in one treatment case when invoicing, and issues nothing', async () => {
    const first = await invoiceableAppointment(t, team.therapist.cookie, {
      day: '2025-03-03',
      fees: [{ code: '860', rate: '2,3' }],
    });
    const second = await invoiceableAppointment(t, team.therapist.cookie, {
      day: '2025-03-17',
      clientId: first.clientId,
      fees: [{ code: '860', rate: '2,3' }],
    });
    const refused = await api(t, team.therapist.cookie, 'POST', '/invoice', {
      appointmentIds: [first.id, second.id],
      confirmExclusions: true,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: ErrorCode.goaeItemLimit,
      params: { code: '860', date: '17.03.2025' },
      detail: expect.stringContaining('Die Nummer 860 ist im Behandlungsfall nur einmal berechnungsfähig.'),
    });
    // A month after the case began a new one opens.
    const later = await invoiceableAppointment(t, team.therapist.cookie, {
      day: '2025-04-07',
      clientId: first.clientId,
      fees: [{ code: '860', rate: '2,3' }],
    });
    expect(await issue(t, team.therapist.cookie, { appointmentIds: [first.id, later.id] })).toHaveLength(1);
  });
});

describe('§2 GOÄ: the fee agreement on the patient', () => {
  const agreement = { feeAgreementDate: '2025-01-10', feeAgreementFactor: '4,5', feeAgreementSigned: true };
  const patch = (id: number, payload: Record<string, unknown>) =>
    api(t, team.therapist.cookie, 'PATCH', `/user/patient/${id}`, payload);

  it('§2 GOÄ: records date, factor and signature; a signed agreement needs its date and factor', async () => {
    const appointment = await bareAppointment();
    const saved = await patch(appointment.clientId, agreement);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      feeAgreementDate: '2025-01-10',
      feeAgreementFactor: '4.5',
      feeAgreementSigned: true,
    });
    const incomplete = await patch(appointment.clientId, { feeAgreementFactor: null });
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json().validationMessages).toEqual({ feeAgreementFactor: [ValidationKey.required] });
    expect((await patch(appointment.clientId, { feeAgreementFactor: '10' })).statusCode).toBe(422);
  });

  it('§2 GOÄ: refuses a factor above 3,5 without a signed agreement, allows it up to the agreed factor', async () => {
    const appointment = await bareAppointment(undefined, '2025-02-03');
    const above = { medicalFeeScheduleCodeValue: '870', incrementalRate: '4,5', justification: REASON };
    const refused = await addFee(team.therapist.cookie, appointment.id, above);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().validationMessages).toEqual({ incrementalRate: [ValidationKey.feeAgreementRequired] });
    await patch(appointment.clientId, { ...agreement, feeAgreementSigned: false });
    expect((await addFee(team.therapist.cookie, appointment.id, above)).statusCode).toBe(422);
    await patch(appointment.clientId, agreement);
    expect((await addFee(team.therapist.cookie, appointment.id, { ...above, incrementalRate: '4,6' })).statusCode).toBe(
      422,
    );
    const added = await addFee(team.therapist.cookie, appointment.id, above);
    expect(added.statusCode, added.body).toBe(201);
    const [created] = await issue(t, team.therapist.cookie, { appointmentIds: [appointment.id] });
    const text = await invoiceText(team.therapist.cookie, created?.id ?? 0);
    expect(text).toContain('Gebührenvereinbarung nach § 2 GOÄ vom 10.01.2025');
    expect(text).toContain(`Begründung für den Faktor 4,5: ${REASON}`);
    // 750 points × 5,82873 ct × 4,5 = 196,72 €.
    expect(created?.amount).toBe(196.72);
  });

  it('§2 GOÄ: the appointment’s fee list tells the calendar how far each entry may go on that day', async () => {
    const covered = await bareAppointment(undefined, '2025-02-17');
    await patch(covered.clientId, agreement);
    for (const code of ['870', '855']) {
      const added = await addFee(team.therapist.cookie, covered.id, {
        medicalFeeScheduleCodeValue: code,
        incrementalRate: '1,0',
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    const before = await bareAppointment(covered.clientId, '2024-12-09');
    expect(
      (await addFee(team.therapist.cookie, before.id, { medicalFeeScheduleCodeValue: '870', incrementalRate: '1,0' }))
        .statusCode,
    ).toBe(201);
    const listed = await api(
      t,
      team.therapist.cookie,
      'GET',
      `/appointment/medical-fee-appointment?appointmentIds=${covered.id}&appointmentIds=${before.id}`,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    const rate = (appointmentId: number, code: string) =>
      (
        listed.json().list as {
          appointmentId: number;
          medicalFeeScheduleCodeValue: string;
          agreedMaxRate: number | null;
        }[]
      ).find((fee) => fee.appointmentId === appointmentId && fee.medicalFeeScheduleCodeValue === code)?.agreedMaxRate;
    expect(rate(covered.id, '870')).toBe(450);
    // Section A stays at its maximum; a session before the agreement is not covered.
    expect(rate(covered.id, '855')).toBeNull();
    expect(rate(before.id, '870')).toBeNull();
  });

  it('§2 GOÄ: never lifts a section A item above its maximum (Nr. 855 at 3,0)', async () => {
    const appointment = await bareAppointment(undefined, '2025-02-10');
    await patch(appointment.clientId, agreement);
    const refused = await addFee(team.therapist.cookie, appointment.id, {
      medicalFeeScheduleCodeValue: '855',
      incrementalRate: '3,0',
      justification: REASON,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().validationMessages).toEqual({ incrementalRate: [ValidationKey.feeAgreementRequired] });
  });

  it('§2 GOÄ: an agreement signed after the session does not cover it', async () => {
    const appointment = await bareAppointment(undefined, '2024-12-02');
    await patch(appointment.clientId, agreement);
    const refused = await addFee(team.therapist.cookie, appointment.id, {
      medicalFeeScheduleCodeValue: '870',
      incrementalRate: '4,0',
      justification: REASON,
    });
    expect(refused.statusCode).toBe(422);
  });
});

describe('the diagnosis consent and the qualification line on the invoice', () => {
  it('prints the diagnosis only with the patient’s consent: on by default for private patients, off otherwise', async () => {
    const slot = await createSlot(t, team.therapist.cookie, {
      appointmentStart: '2025-05-05 09:00',
      appointmentEnd: '2025-05-05 09:50',
    });
    const privateOne = await api(t, team.therapist.cookie, 'POST', '/user/patient', {
      firstName: 'Pia',
      lastName: 'Privat',
      email: `pia-${Date.now()}@example.org`,
      insuranceType: 'privately',
      street: 'Gartenweg 4',
      postalCode: '10115',
      city: 'Berlin',
    });
    expect(privateOne.statusCode, privateOne.body).toBe(201);
    expect(privateOne.json().diagnosisOnInvoice).toBe(true);
    const coachingOne = await api(t, team.therapist.cookie, 'POST', '/user/patient', {
      firstName: 'Cora',
      lastName: 'Coaching',
      email: `cora-${Date.now()}@example.org`,
    });
    expect(coachingOne.json().diagnosisOnInvoice).toBe(false);

    const patientId = privateOne.json().id as number;
    const booked = await api(t, team.therapist.cookie, 'PATCH', `/appointment/${slot.id}/book`, {
      clientId: patientId,
      sendEmails: false,
    });
    expect(booked.statusCode, booked.body).toBe(200);
    await addFee(team.therapist.cookie, slot.id, { medicalFeeScheduleCodeValue: '870', incrementalRate: '2,3' });
    const second = await invoiceableAppointment(t, team.therapist.cookie, { clientId: patientId, day: '2025-05-12' });
    const [diagnosis] = await t.database.db
      .insert(userDiagnoses)
      .values({ customerId: team.id, userId: patientId, codeValue: 'F32.1' })
      .returning();
    await setPatient(t, patientId, { defaultUserDiagnosisId: diagnosis?.id });
    const [withConsent] = await issue(t, team.therapist.cookie, { appointmentIds: [slot.id] });
    expect(await invoiceText(team.therapist.cookie, withConsent?.id ?? 0)).toContain('Diagnose: F32.1');
    const off = await api(t, team.therapist.cookie, 'PATCH', `/user/patient/${patientId}`, {
      diagnosisOnInvoice: false,
    });
    expect(off.json().diagnosisOnInvoice).toBe(false);
    const [without] = await issue(t, team.therapist.cookie, { appointmentIds: [second.id] });
    expect(await invoiceText(team.therapist.cookie, without?.id ?? 0)).not.toContain('Diagnose');
  });

  it('prints the qualification line set in the invoice settings under the therapist’s name', async () => {
    const settings = await api(t, team.therapist.cookie, 'GET', `/user/${team.therapist.id}/invoice-settings`);
    const saved = await api(t, team.therapist.cookie, 'PUT', `/user/${team.therapist.id}/invoice-settings`, {
      ...(settings.json() as Record<string, unknown>),
      returnAddress: 'Praxis, Weg 1, 10115 Berlin',
      invoiceSignature: 'Dr. Test',
      qualificationLine: 'Approbierte Psychologische Psychotherapeutin (Verhaltenstherapie)',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().qualificationLine).toBe('Approbierte Psychologische Psychotherapeutin (Verhaltenstherapie)');
    const appointment = await invoiceableAppointment(t, team.therapist.cookie);
    const [created] = await issue(t, team.therapist.cookie, { appointmentIds: [appointment.id] });
    expect(await invoiceText(team.therapist.cookie, created?.id ?? 0)).toContain(
      'Dr. Test Approbierte Psychologische Psychotherapeutin (Verhaltenstherapie)',
    );
  });
});
