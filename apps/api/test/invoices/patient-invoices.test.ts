import type { InvoiceListItem } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.js';
import { hashPassword } from '../../src/lib/passwords.js';
import { api } from '../calendar-fixtures.js';
import { type InvoicePractice, invoiceableAppointment, invoicePractice, issue, setUser } from '../invoice-fixtures.js';
import { createTestApp, PASSWORD, signIn, type TestApp } from '../test-app.js';

let t: TestApp;
let team: InvoicePractice;
let other: InvoicePractice;
let patient: { id: number; cookie: string };
/** Of the patient: one sent, one paid, one not sent yet. Of someone else: one sent here, one sent elsewhere. */
const issued: Record<'sent' | 'paid' | 'unsent' | 'neighbours' | 'foreign', InvoiceListItem> = {} as never;

const bill = async (cookie: string, clientId?: number) => {
  const appointment = await invoiceableAppointment(t, cookie, clientId ? { clientId } : {});
  const [invoice] = await issue(t, cookie, { appointmentIds: [appointment.id] });
  if (!invoice) throw new Error('no invoice');
  return invoice;
};
const setState = async (id: number, state: 'sent' | 'paid') => {
  const response = await api(t, team.therapist.cookie, 'PATCH', `/invoice/${id}`, { state });
  expect(response.statusCode, response.body).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp();
  team = await invoicePractice(t);
  other = await invoicePractice(t);
  issued.sent = await bill(team.therapist.cookie);
  const clientId = issued.sent.clientId;
  issued.paid = await bill(team.therapist.cookie, clientId);
  issued.unsent = await bill(team.therapist.cookie, clientId);
  issued.neighbours = await bill(team.therapist.cookie);
  issued.foreign = await bill(other.therapist.cookie);
  await setState(issued.sent.id, 'sent');
  await setState(issued.paid.id, 'paid');
  await setState(issued.neighbours.id, 'sent');
  const sentElsewhere = await api(t, other.therapist.cookie, 'PATCH', `/invoice/${issued.foreign.id}`, {
    state: 'sent',
  });
  expect(sentElsewhere.statusCode).toBe(200);
  // The booked client becomes a patient with a sign-in account.
  await setUser(t, clientId, { passwordHash: await hashPassword(PASSWORD), isAccount: true, isConfirmed: true });
  const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, clientId));
  patient = { id: clientId, cookie: await signIn(t.app, row?.email ?? '') };
});
afterAll(() => t.close());

describe('GET /patient/invoices', () => {
  it('lists the invoices the patient received (sent or paid), newest first, and nobody else’s', async () => {
    const response = await api(t, patient.cookie, 'GET', '/patient/invoices');
    expect(response.statusCode, response.body).toBe(200);
    const { list } = response.json() as { list: { id: number; state: string; amount: number }[] };
    expect(list.map((invoice) => invoice.id)).toEqual([issued.paid.id, issued.sent.id]);
    expect(list[0]).toMatchObject({
      state: 'paid',
      amount: issued.paid.amount,
      invoiceNumber: issued.paid.invoiceNumber,
      filename: issued.paid.filename,
      therapistName: expect.stringMatching(/\S/),
      dueDate: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
    });
  });

  it('is the patient’s alone: staff are refused', async () => {
    expect((await api(t, team.therapist.cookie, 'GET', '/patient/invoices')).statusCode).toBe(403);
  });
});

describe('GET /patient/invoices/{id}/file', () => {
  it('downloads the PDF of an invoice the patient received', async () => {
    const response = await api(t, patient.cookie, 'GET', `/patient/invoices/${issued.sent.id}/file`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(issued.sent.filename);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers 404 for an unsent one, another patient’s, another practice’s and a missing id', async () => {
    for (const id of [issued.unsent.id, issued.neighbours.id, issued.foreign.id, 2_000_000_000]) {
      const response = await api(t, patient.cookie, 'GET', `/patient/invoices/${id}/file`);
      expect(response.statusCode, `${id}: ${response.body}`).toBe(404);
    }
  });
});

describe('GET /invoice?open=true', () => {
  it('lists only the invoices still to be paid, of the caller’s scope', async () => {
    const response = await api(t, team.assistant.cookie, 'GET', '/invoice?open=true&orderBy=dueDate&descending=false');
    expect(response.statusCode, response.body).toBe(200);
    const ids = (response.json() as { list: InvoiceListItem[] }).list.map((invoice) => invoice.id);
    expect(ids.sort()).toEqual([issued.sent.id, issued.unsent.id, issued.neighbours.id].sort());
    const all = await api(t, team.assistant.cookie, 'GET', '/invoice');
    expect((all.json() as { maxItems: number }).maxItems).toBe(4);
  });
});
