import { ErrorCode } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.js';
import { api, bookingInput, createSlot, freshDay } from '../calendar-fixtures.js';
import { type InvoicePractice, invoiceableAppointment, invoicePractice, issue } from '../invoice-fixtures.js';
import { createTestApp, type TestApp } from '../test-app.js';

// What the calendar shows and offers about billing (appointments §2.2, §4.1) and how the table view pages (§7).

let t: TestApp;
let team: InvoicePractice;
let other: InvoicePractice;

beforeAll(async () => {
  t = await createTestApp();
  team = await invoicePractice(t);
  other = await invoicePractice(t);
});
afterAll(() => t.close());

const setState = (id: number, state: string, cookie = team.therapist.cookie) =>
  api(t, cookie, 'PATCH', `/appointment/${id}`, { state });

describe('making an appointment billable (§4.1: only with complete data)', () => {
  it('refuses missing fees and a missing address with 422 and the spec’s texts; complete data becomes billable', async () => {
    const noFees = await invoiceableAppointment(t, team.therapist.cookie, { fees: [] });
    const feesRefused = await setState(noFees.id, 'billable');
    expect(feesRefused.statusCode).toBe(422);
    expect(feesRefused.json()).toMatchObject({
      code: ErrorCode.appointmentFeesIncomplete,
      detail: 'Rechnungspositionen unvollständig.',
    });

    const noAddress = await invoiceableAppointment(t, team.therapist.cookie, { booking: { street: null } });
    const addressRefused = await setState(noAddress.id, 'billable');
    expect(addressRefused.statusCode).toBe(422);
    expect(addressRefused.json()).toMatchObject({
      code: ErrorCode.appointmentAddressMissing,
      detail: 'Adresse fehlt.',
    });
    const unchanged = await api(t, team.therapist.cookie, 'GET', `/appointment/${noAddress.id}`);
    expect(unchanged.json()).toMatchObject({
      state: 'taken',
      billing: { feesComplete: true, addressComplete: false },
    });

    // The bulk action leaves it out too: a selection of only that one has nothing ready.
    const bulk = await api(t, team.therapist.cookie, 'PATCH', '/appointment/state', {
      state: 'billable',
      therapistIds: [team.therapist.id],
      appointmentIds: [noAddress.id],
    });
    expect(bulk.statusCode).toBe(404);
    expect(bulk.json().code).toBe(ErrorCode.appointmentsNoneInView);

    const complete = await invoiceableAppointment(t, team.therapist.cookie);
    expect((await setState(complete.id, 'billable')).json()).toMatchObject({ state: 'billable' });
    // Another practice's appointment answers like a missing one.
    expect((await setState(complete.id, 'taken', other.therapist.cookie)).statusCode).toBe(404);
  });
});

describe('booking a new client from the calendar dialog', () => {
  it('stores salutation and phone country on the appointment and on the new patient record', async () => {
    const day = freshDay();
    const slot = await createSlot(t, team.therapist.cookie, {
      appointmentStart: `${day} 08:00`,
      appointmentEnd: `${day} 08:50`,
    });
    const input = bookingInput({ salutation: 'Herr', phoneCountry: 'AT', phone: '0664 1234567', sendEmails: false });
    const booked = await api(t, team.therapist.cookie, 'PATCH', `/appointment/${slot.id}/book`, input);
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json().client).toMatchObject({ salutation: 'Herr', phoneCountry: 'AT', phone: '+436641234567' });
    const [patient] = await t.database.db.select().from(users).where(eq(users.id, booked.json().clientId));
    expect(patient).toMatchObject({ salutation: 'Herr', phoneCountry: 'AT', phone: '+436641234567' });

    // A number that is not one of the chosen country is refused on the phone field.
    const next = await createSlot(t, team.therapist.cookie, {
      appointmentStart: `${day} 10:00`,
      appointmentEnd: `${day} 10:50`,
    });
    const wrong = await api(t, team.therapist.cookie, 'PATCH', `/appointment/${next.id}/book`, {
      ...bookingInput({ phoneCountry: 'AT', phone: '12' }),
    });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().validationMessages)).toEqual(['phone']);
  });
});

describe('GET /appointment limits of the table view (§7)', () => {
  it('pages 500 per week, and all (rows per page 0, or 1000) across weeks', async () => {
    const days = [freshDay(), freshDay()];
    for (const day of days) {
      await createSlot(t, team.otherTherapist.cookie, {
        appointmentStart: `${day} 08:00`,
        appointmentEnd: `${day} 09:00`,
      });
    }
    const get = async (query: string) =>
      (
        await api(t, team.otherTherapist.cookie, 'GET', `/appointment?therapistIds=${team.otherTherapist.id}${query}`)
      ).json();
    const week = `&appointmentStartFrom=${days[0]}T00:00:00%2B01:00&appointmentStartTo=${days[0]}T23:59:59%2B01:00`;
    expect(await get(`${week}&limit=500`)).toMatchObject({ limit: 500, maxItems: 1, currentPage: 1 });
    const all = await get('&limit=0');
    expect(all).toMatchObject({ limit: 1000, currentPage: 1 });
    expect(all.maxItems).toBeGreaterThanOrEqual(2);
    expect(await get('&limit=1000')).toMatchObject({ limit: 1000, maxItems: all.maxItems });
    const beyond = await api(t, team.otherTherapist.cookie, 'GET', '/appointment?limit=1001');
    expect(beyond.statusCode).toBe(422);
  });
});

describe('the invoice of a billed appointment ("Rechnung erstellt")', () => {
  it('names the standing invoice while billed, and nothing once the invoice is cancelled', async () => {
    const appointment = await invoiceableAppointment(t, team.therapist.cookie);
    const taken = await api(t, team.therapist.cookie, 'GET', `/appointment/${appointment.id}`);
    expect(taken.json().invoice).toBeNull();
    const [invoice] = await issue(t, team.therapist.cookie, { appointmentIds: [appointment.id] });
    if (!invoice) throw new Error('no invoice');
    const billed = await api(t, team.therapist.cookie, 'GET', `/appointment/${appointment.id}`);
    expect(billed.json()).toMatchObject({
      state: 'billed',
      invoice: { id: invoice.id, invoiceNumber: invoice.invoiceNumber, filename: invoice.filename },
    });
    // The same in the list, where the calendar and the table read it.
    const list = await api(t, team.therapist.cookie, 'GET', `/appointment?therapistIds=${team.therapist.id}&limit=0`);
    const row = list.json().list.find((entry: { id: number }) => entry.id === appointment.id);
    expect(row.invoice).toEqual(billed.json().invoice);
    // The link is the one the invoice list opens.
    const pdf = await api(t, team.therapist.cookie, 'GET', `/invoice/${invoice.id}/file/${invoice.filename}?type=pdf`);
    expect(pdf.statusCode).toBe(200);

    await api(t, team.therapist.cookie, 'PATCH', `/invoice/${invoice.id}`, { state: 'cancelled' });
    const again = await api(t, team.therapist.cookie, 'GET', `/appointment/${appointment.id}`);
    expect(again.json()).toMatchObject({ state: 'billable', invoice: null });
  });
});
