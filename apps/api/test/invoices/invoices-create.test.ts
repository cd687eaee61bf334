import { buildJustificationSentence, ErrorCode, type InvoiceDocument, invoiceDueDate } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, invoiceAppointments, invoices, userDiagnoses } from '../../src/db/schema.js';
import { api } from '../calendar-fixtures.js';
import {
  appointmentState,
  type InvoicePractice,
  invoiceableAppointment,
  invoicePractice,
  invoiceRow,
  issue,
  setFeeRate,
  setPatient,
  setPractice,
  setUser,
} from '../invoice-fixtures.js';
import { collapsed, pdfText } from '../pdf-text.js';
import { createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
let team: InvoicePractice;
let other: InvoicePractice;

beforeAll(async () => {
  t = await createTestApp();
  team = await invoicePractice(t);
  other = await invoicePractice(t);
  await setPractice(t, team, {
    firstInvoiceNumber: 1000,
    name: 'Praxis am See',
    street: 'Seeweg 1',
    postalCode: '10115',
    city: 'Berlin',
  });
});
afterAll(() => t.close());

const documentOf = async (id: number): Promise<InvoiceDocument> => (await invoiceRow(t, id)).document;

describe('POST /invoice: the arithmetic end to end', () => {
  it('bills Nr. 870 at 2,3 as 100,55 €, exempt with the note, numbered from the practice’s first number', async () => {
    const appointment = await invoiceableAppointment(t, team.therapist.cookie);
    const [created] = await issue(t, team.therapist.cookie, { appointmentIds: [appointment.id] });
    expect(created).toMatchObject({ invoiceNumber: '1000', amount: 100.55, kind: 'invoice', state: 'created' });
    const row = await invoiceRow(t, created?.id ?? 0);
    expect(row).toMatchObject({ amountCents: 10055, fileName: 'Rechnung-1000', clientId: appointment.clientId });
    expect(row.dueDate).toBe(invoiceDueDate(row.createdAt, 14));
    const doc = row.document;
    expect(doc.lines).toEqual([
      expect.objectContaining({
        date: appointment.day,
        kind: 'goae',
        code: '870',
        factor: '2,3',
        justification: null,
        taxRatePercent: 0,
        netCents: 10055,
        taxCents: 0,
        grossCents: 10055,
      }),
    ]);
    expect(doc.taxTotals).toEqual([
      { group: 'exempt', ratePercent: 0, netCents: 10055, taxCents: 0, grossCents: 10055 },
    ]);
    expect(doc.taxNotes).toEqual(['invoice.taxNote.medicalExemption']);
    expect(doc.totalCents).toBe(10055);
    expect(doc.practice).toMatchObject({ name: 'Praxis am See', city: 'Berlin' });
    expect(doc.returnAddress).toBe('Praxis am See, Seeweg 1, 10115 Berlin');
    expect(doc.recipient.lines).toEqual([expect.stringContaining('Paula Probe-'), 'Gartenweg 4', '10115 Berlin']);
    expect(doc.patient.patientNumber).toBeNull();
    // Billed in the same transaction, and linked to the invoice.
    expect(await appointmentState(t, appointment.id)).toBe('billed');
    const links = await t.database.db
      .select()
      .from(invoiceAppointments)
      .where(eq(invoiceAppointments.invoiceId, row.id));
    expect(links.map((link) => link.appointmentId)).toEqual([appointment.id]);
    // Both files are stored when issued.
    const pdf = await t.app.ctx.storage.get(row.pdfKey);
    expect(pdf?.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.app.ctx.storage.get(row.docxKey))?.subarray(0, 2).toString()).toBe('PK');
  });

  it('§14 Abs. 4 Nr. 2 UStG: over 250 € only with the tax number shown; a small-amount invoice (§33 UStDV) without', async () => {
    const own = await invoicePractice(t);
    await setPractice(t, own, { showTaxNumber: false });
    const small = await invoiceableAppointment(t, own.therapist.cookie);
    const [smallInvoice] = await issue(t, own.therapist.cookie, { appointmentIds: [small.id] });
    expect((await documentOf(smallInvoice?.id ?? 0)).practice.taxNumber).toBeNull();

    const large = await invoiceableAppointment(t, own.therapist.cookie, {
      fees: [
        { code: '870', rate: '2,3' },
        { coachingTitle: 'Paarsitzung', coachingAmount: '150,00', tax: 'add' },
      ],
    });
    const refused = await api(t, own.therapist.cookie, 'POST', '/invoice', { appointmentIds: [large.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(ErrorCode.invoiceTaxNumberMissing);
    // Nothing was billed.
    expect(await appointmentState(t, large.id)).not.toBe('billed');

    await setPractice(t, own, { showTaxNumber: true });
    const [issued] = await issue(t, own.therapist.cookie, { appointmentIds: [large.id] });
    expect(issued?.amount).toBe(279.05);
    expect((await documentOf(issued?.id ?? 0)).practice.taxNumber).toBe('27/123/45678');
  });

  it('adds 19 % VAT to a coaching entry that adds tax: net, tax and gross per rate', async () => {
    const appointment = await invoiceableAppointment(t, team.therapist.cookie, {
      fees: [
        { code: '870', rate: '2,3' },
        { coachingTitle: 'Coaching', coachingAmount: '90,50', tax: 'add' },
      ],
    });
    const [created] = await issue(t, team.therapist.cookie, { appointmentIds: [appointment.id] });
    expect(created?.amount).toBe(208.25);
    const doc = await documentOf(created?.id ?? 0);
    expect(doc.lines[1]).toMatchObject({
      kind: 'coaching',
      title: 'Coaching',
      taxRatePercent: 19,
      netCents: 9050,
      taxCents: 1720,
      grossCents: 10770,
    });
    expect(doc.taxTotals).toEqual([
      { group: 'exempt', ratePercent: 0, netCents: 10055, taxCents: 0, grossCents: 10055 },
      { group: 'standard', ratePercent: 19, netCents: 9050, taxCents: 1720, grossCents: 10770 },
    ]);
    expect(doc.totalCents).toBe(20825);
  });

  it('§19 UStG: a small business charges no VAT and prints its note; §4 Nr. 14 UStG: a VAT-free GOÄ line prints its reason whatever the setting', async () => {
    await setPractice(t, other, { taxExceptionSmallBusiness: 'add', taxExceptionMedicalServices: 'no' });
    const appointment = await invoiceableAppointment(t, other.therapist.cookie, {
      fees: [{ coachingTitle: 'Coaching', coachingAmount: '100', tax: 'add' }],
    });
    const therapy = await invoiceableAppointment(t, other.therapist.cookie);
    const [exempt] = await issue(t, other.therapist.cookie, { appointmentIds: [therapy.id] });
    const exemptDoc = await documentOf(exempt?.id ?? 0);
    expect(exemptDoc.taxNotes).toEqual(['invoice.taxNote.medicalExemption', 'invoice.taxNote.smallBusiness']);
    const exemptPdf = await api(t, other.therapist.cookie, 'GET', `/invoice/${exempt?.id}/file?type=pdf`);
    expect(collapsed(await pdfText(exemptPdf.rawPayload))).toContain('gemäß § 4 Nr. 14a UStG');
    const [created] = await issue(t, other.therapist.cookie, { appointmentIds: [appointment.id] });
    expect(created?.amount).toBe(100);
    const doc = await documentOf(created?.id ?? 0);
    expect(doc.taxTotals).toEqual([
      { group: 'untaxed', ratePercent: 0, netCents: 10000, taxCents: 0, grossCents: 10000 },
    ]);
    expect(doc.taxNotes).toEqual(['invoice.taxNote.smallBusiness']);
    const pdf = await api(t, other.therapist.cookie, 'GET', `/invoice/${created?.id}/file?type=pdf`);
    const text = collapsed(await pdfText(pdf.rawPayload));
    expect(text).toContain('Gemäß § 19 UStG wird keine Umsatzsteuer berechnet');
    expect(text).not.toContain('19 % USt.');
    await setPractice(t, other, { taxExceptionSmallBusiness: 'no', taxExceptionMedicalServices: 'add' });
  });

  it('§12 Abs.1 UStG: a notax coaching amount in a practice liable to VAT is gross, net and 19 % VAT printed', async () => {
    const appointment = await invoiceableAppointment(t, team.therapist.cookie, {
      fees: [{ coachingTitle: 'Coaching', coachingAmount: '100', tax: 'notax' }],
    });
    const [created] = await issue(t, team.therapist.cookie, { appointmentIds: [appointment.id] });
    expect(created?.amount).toBe(100);
    const doc = await documentOf(created?.id ?? 0);
    expect(doc.lines[0]).toMatchObject({ taxRatePercent: 19, netCents: 8403, taxCents: 1597, grossCents: 10000 });
    expect(doc.taxTotals).toEqual([
      { group: 'standard', ratePercent: 19, netCents: 8403, taxCents: 1597, grossCents: 10000 },
    ]);
    const pdf = await api(t, team.therapist.cookie, 'GET', `/invoice/${created?.id}/file?type=pdf`);
    const text = collapsed(await pdfText(pdf.rawPayload));
    expect(text).toContain('inkl. 19 % USt. (15,97 €), brutto 100,00 €');
    expect(text).toContain('19 % USt. 84,03 € 15,97 € 100,00 €');
  });
});

describe('POST /invoice: the notice of §286 Abs. 3 BGB', () => {
  const NOTICE =
    'Sie kommen spätestens 30 Tage nach Fälligkeit und Zugang dieser Rechnung in Verzug, ohne dass es einer Mahnung bedarf (§ 286 Abs. 3 BGB).';
  const textOf = async (key: string) => collapsed(await pdfText((await t.app.ctx.storage.get(key)) ?? Buffer.alloc(0)));

  it('§286 Abs. 3 BGB: an invoice to a patient tells of the default 30 days after due date and receipt; the Storno does not', async () => {
    const appointment = await invoiceableAppointment(t, team.therapist.cookie);
    const [created] = await issue(t, team.therapist.cookie, { appointmentIds: [appointment.id] });
    const row = await invoiceRow(t, created?.id ?? 0);
    expect(row.document.defaultNotice).toBe(true);
    expect(await textOf(row.pdfKey)).toContain(NOTICE);
    const cancelled = await api(t, team.therapist.cookie, 'PATCH', `/invoice/${row.id}`, { state: 'cancelled' });
    expect(cancelled.statusCode).toBe(200);
    const [storno] = await t.database.db.select().from(invoices).where(eq(invoices.cancelsInvoiceId, row.id));
    expect(await textOf(storno?.pdfKey ?? '')).not.toContain('§ 286');
  });
});

describe('POST /invoice: the frozen practice data', () => {
  it('keeps its own copy of the practice logo, so a new logo does not change an issued invoice', async () => {
    // A 1×1 PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    await t.app.ctx.storage.put(`practices/${team.id}/logos/old-logo.png`, png);
    await setPractice(t, team, { logoFilename: `practices/${team.id}/logos/old-logo.png` });
    const appointment = await invoiceableAppointment(t, team.therapist.cookie);
    const [created] = await issue(t, team.therapist.cookie, { appointmentIds: [appointment.id] });
    const { logoKey } = (await documentOf(created?.id ?? 0)).practice;
    expect(logoKey).toMatch(new RegExp(`^practices/${team.id}/invoice-logos/[0-9a-f]{64}\\.png$`));
    await t.app.ctx.storage.remove(`practices/${team.id}/logos/old-logo.png`);
    await setPractice(t, team, { logoFilename: null });
    expect((await t.app.ctx.storage.get(logoKey ?? ''))?.equals(png)).toBe(true);
  });
});

describe('POST /invoice: the GOÄ rules', () => {
  it('prints under a raised line exactly the justification chosen for its entry, and the remark apart', async () => {
    const chosen = buildJustificationSentence(['severity']);
    const appointment = await invoiceableAppointment(t, team.therapist.cookie, {
      fees: [
        { code: '870', rate: '3,0', justification: chosen },
        { code: '870', rate: '2,3' },
      ],
    });
    const remark = 'Die Rechnung geht an die Beihilfestelle.';
    await setPatient(t, appointment.clientId, { invoiceRemark: remark });
    const [created] = await issue(t, team.therapist.cookie, { appointmentIds: [appointment.id] });
    const row = await invoiceRow(t, created?.id ?? 0);
    expect(row.document.lines.map((line) => [line.factor, line.justification])).toEqual([
      ['3,0', chosen],
      ['2,3', null],
    ]);
    const text = collapsed(await pdfText((await t.app.ctx.storage.get(row.pdfKey)) ?? Buffer.alloc(0)));
    expect(text).toContain(`Begründung für den Faktor 3,0: ${chosen}`);
    // One justification only, the chosen one: neither the proposal the form makes nor the remark stands in for it.
    expect(text.match(/Begründung für den Faktor/g)).toHaveLength(1);
    expect(text).not.toContain('Komplexität');
    expect(text).not.toContain(`Begründung für den Faktor 3,0: ${remark}`);
    expect(text.split(remark)).toHaveLength(2);
  });

  it('refuses an entry above the threshold stored without a justification, and changes nothing', async () => {
    const appointment = await invoiceableAppointment(t, team.therapist.cookie);
    // An entry saved before justifications were required; the fee form refuses such a one now.
    await setFeeRate(t, appointment.id, '3.00');
    await setPatient(t, appointment.clientId, { invoiceRemark: 'Bitte überweisen Sie den Betrag.' });
    const refused = await api(t, team.therapist.cookie, 'POST', '/invoice', { appointmentIds: [appointment.id] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: ErrorCode.invoiceJustificationMissing,
      detail: 'Begründung für den Steigerungsfaktor fehlt (Nr. 870).',
    });
    // Nothing happened: the appointment is still open, no number was used.
    expect(await appointmentState(t, appointment.id)).toBe('taken');
  });

  it('refuses a factor above the maximum, naming the number', async () => {
    const appointment = await invoiceableAppointment(t, team.therapist.cookie);
    await setFeeRate(t, appointment.id, '3.60');
    const refused = await api(t, team.therapist.cookie, 'POST', '/invoice', { appointmentIds: [appointment.id] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: ErrorCode.invoiceRateAboveMaximum, params: { code: '870' } });
    expect(refused.json().detail).toContain('Nr. 870');
  });

  it('warns of the exclusion rule (409 with the conflicts) and issues once confirmed', async () => {
    const appointment = await invoiceableAppointment(t, team.therapist.cookie, {
      fees: [
        { code: '1', rate: '2,3' },
        { code: '812', rate: '2,3' },
      ],
    });
    const warned = await api(t, team.therapist.cookie, 'POST', '/invoice', { appointmentIds: [appointment.id] });
    expect(warned.statusCode).toBe(409);
    const [year, month, day] = appointment.day.split('-');
    const date = `${day}.${month}.${year}`;
    expect(warned.json()).toMatchObject({
      code: ErrorCode.invoiceGoaeExclusions,
      params: { conflicts: [{ date, consultationCode: '1', treatmentCode: '812' }] },
    });
    expect(warned.json().detail).toContain(`Nr. 1 neben Nr. 812 am ${date}`);
    expect(await appointmentState(t, appointment.id)).toBe('taken');
    const [created] = await issue(t, team.therapist.cookie, {
      appointmentIds: [appointment.id],
      confirmExclusions: true,
    });
    expect((await documentOf(created?.id ?? 0)).lines.map((line) => line.code)).toEqual(['1', '812']);
  });

  it('bills an analog number at its reference item, marked entsprechend', async () => {
    const appointment = await invoiceableAppointment(t, team.therapist.cookie, {
      fees: [{ code: '870a', rate: '2,3', alternativeTitle: 'Verhaltenstherapie in der Gruppe, 50 Minuten' }],
    });
    const [created] = await issue(t, team.therapist.cookie, { appointmentIds: [appointment.id] });
    const [line] = (await documentOf(created?.id ?? 0)).lines;
    expect(line).toMatchObject({ code: '870a', analogOf: { code: '870' }, grossCents: 10055 });
  });

  it('marks the first five sessions probatory (not the consultation), per Video, the patient number and diagnosis', async () => {
    await setUser(t, team.otherTherapist.id, { invoiceAssessmentSessions: 'mark', invoicePatientNumber: 'show' });
    await setPractice(t, team, { invoiceRemote: 'mark' });
    const cookie = team.otherTherapist.cookie;
    const first = await invoiceableAppointment(t, cookie, {
      fees: [{ code: '812a', rate: '2,3', alternativeTitle: 'Psychotherapeutische Sprechstunde, je 25 Minuten' }],
    });
    const ids = [first.id];
    for (let index = 0; index < 6; index++) {
      ids.push((await invoiceableAppointment(t, cookie, { clientId: first.clientId })).id);
    }
    await t.database.db
      .update(appointments)
      .set({ location: 'remote' })
      .where(eq(appointments.id, ids[1] ?? 0));
    const [diagnosis] = await t.database.db
      .insert(userDiagnoses)
      .values({ customerId: team.id, userId: first.clientId, codeValue: 'F32.1' })
      .returning();
    await setPatient(t, first.clientId, { defaultUserDiagnosisId: diagnosis?.id, diagnosisOnInvoice: true });
    const [created] = await issue(t, cookie, { appointmentIds: ids });
    const doc = await documentOf(created?.id ?? 0);
    expect(doc.lines.map((line) => line.isProbatory)).toEqual([false, true, true, true, true, true, false]);
    expect(doc.lines.map((line) => line.isRemote)).toEqual([false, true, false, false, false, false, false]);
    expect(doc.patient.patientNumber).toMatch(/^\d+$/);
    expect(doc.diagnosis).toEqual({ code: 'F32.1', title: expect.stringContaining('depressive') });
    await setPractice(t, team, { invoiceRemote: 'nomark' });
  });
});
