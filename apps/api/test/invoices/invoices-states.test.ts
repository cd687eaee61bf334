import { ErrorCode, type InvoiceListItem } from '@praxia/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../calendar-fixtures.js';
import {
  appointmentState,
  type InvoicePractice,
  invoiceableAppointment,
  invoicePractice,
  invoiceRow,
  issue,
  setPractice,
} from '../invoice-fixtures.js';
import { createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
let team: InvoicePractice;
let other: InvoicePractice;

beforeAll(async () => {
  t = await createTestApp();
  team = await invoicePractice(t);
  other = await invoicePractice(t);
  await setPractice(t, team, { firstInvoiceNumber: 500 });
});
afterAll(() => t.close());

const patch = (cookie: string, id: number, state: string) => api(t, cookie, 'PATCH', `/invoice/${id}`, { state });

async function issued(cookie = team.therapist.cookie) {
  const appointment = await invoiceableAppointment(t, cookie);
  const [invoice] = await issue(t, cookie, { appointmentIds: [appointment.id] });
  if (!invoice) throw new Error('no invoice');
  return { appointment, invoice };
}

describe('PATCH /invoice/{id}', () => {
  it('marks paid and unpaid, marks sent, and refuses other transitions with 409', async () => {
    const { invoice } = await issued();
    const paid = await patch(team.therapist.cookie, invoice.id, 'paid');
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ id: invoice.id, state: 'paid' });
    for (const state of ['paid', 'cancelled']) {
      const refused = await patch(team.therapist.cookie, invoice.id, state);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe(ErrorCode.invoiceStateForbids);
    }
    expect((await patch(team.therapist.cookie, invoice.id, 'created')).json()).toMatchObject({ state: 'created' });
    expect((await patch(team.therapist.cookie, invoice.id, 'created')).statusCode).toBe(409);
    const sent = await patch(team.assistant.cookie, invoice.id, 'sent');
    expect(sent.json()).toMatchObject({ state: 'created', sent: true });
    expect((await invoiceRow(t, invoice.id)).sentAt).not.toBeNull();
    expect((await patch(team.therapist.cookie, invoice.id, 'open')).statusCode).toBe(422);
  });

  it('cancels with a Storno of its own: next number, negative amounts, naming the invoice; appointments billable', async () => {
    const { appointment, invoice } = await issued();
    const cancelled = await patch(team.therapist.cookie, invoice.id, 'cancelled');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ state: 'cancelled' });
    expect(await appointmentState(t, appointment.id)).toBe('billable');
    const list = (await api(t, team.therapist.cookie, 'GET', '/invoice?orderBy=invoiceNumber')).json()
      .list as InvoiceListItem[];
    const storno = list.find((item) => item.kind === 'cancellation');
    expect(storno).toMatchObject({ invoiceNumber: String(Number(invoice.invoiceNumber) + 1), amount: -100.55 });
    const row = await invoiceRow(t, storno?.id ?? 0);
    expect(row).toMatchObject({
      cancelsInvoiceId: invoice.id,
      amountCents: -10055,
      fileName: `Stornorechnung-${row.invoiceNumber}`,
    });
    expect(row.document).toMatchObject({
      kind: 'cancellation',
      cancels: { invoiceNumber: invoice.invoiceNumber },
      totalCents: -10055,
      lines: [expect.objectContaining({ code: '870', grossCents: -10055 })],
    });
    expect((await t.app.ctx.storage.get(row.pdfKey))?.subarray(0, 5).toString()).toBe('%PDF-');
    // The appointment can be invoiced again, under a new number.
    const [again] = await issue(t, team.therapist.cookie, { appointmentIds: [appointment.id] });
    expect(again?.invoiceNumber).toBe(String(Number(invoice.invoiceNumber) + 2));
  });

  it('deletes through PATCH only with the delete privilege', async () => {
    const { invoice, appointment } = await issued();
    expect((await patch(team.therapist.cookie, invoice.id, 'deleted')).statusCode).toBe(403);
    const deleted = await patch(team.assistant.cookie, invoice.id, 'deleted');
    expect(deleted.json()).toMatchObject({ state: 'deleted' });
    expect(await appointmentState(t, appointment.id)).toBe('billable');
    expect((await patch(team.assistant.cookie, invoice.id, 'paid')).statusCode).toBe(409);
  });

  it('answers an invoice of another practice exactly like a missing one; refuses owner-only, patient and admin', async () => {
    const { invoice } = await issued(other.therapist.cookie);
    const foreign = await patch(team.assistant.cookie, invoice.id, 'paid');
    const missing = await patch(team.assistant.cookie, 2_000_000_000, 'paid');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ ...missing.json(), requestId: foreign.json().requestId });
    // A colleague's invoice is not the therapist's either.
    const colleague = await issued(team.otherTherapist.cookie);
    expect((await patch(team.therapist.cookie, colleague.invoice.id, 'paid')).statusCode).toBe(404);
    for (const cookie of [team.owner.cookie, team.patientAccount.cookie, team.admin.cookie]) {
      expect((await patch(cookie, colleague.invoice.id, 'paid')).statusCode).toBe(403);
    }
    expect((await invoiceRow(t, invoice.id)).state).toBe('created');
  });
});

describe('DELETE /invoice/{id}', () => {
  it('keeps the row as deleted, frees the appointments and never reuses the number', async () => {
    const { invoice, appointment } = await issued();
    expect((await api(t, team.therapist.cookie, 'DELETE', `/invoice/${invoice.id}`)).statusCode).toBe(403);
    expect((await api(t, team.owner.cookie, 'DELETE', `/invoice/${invoice.id}`)).statusCode).toBe(204);
    expect((await invoiceRow(t, invoice.id)).state).toBe('deleted');
    expect(await appointmentState(t, appointment.id)).toBe('billable');
    expect((await api(t, team.owner.cookie, 'DELETE', `/invoice/${invoice.id}`)).statusCode).toBe(409);
    // §14 UStG: the number was issued; the list keeps showing it, marked deleted.
    const listed = (await api(t, team.assistant.cookie, 'GET', '/invoice?limit=0')).json().list as InvoiceListItem[];
    expect(listed.find((item) => item.id === invoice.id)).toMatchObject({
      state: 'deleted',
      invoiceNumber: invoice.invoiceNumber,
    });
    const [next] = await issue(t, team.therapist.cookie, { appointmentIds: [appointment.id] });
    expect(Number(next?.invoiceNumber)).toBe(Number(invoice.invoiceNumber) + 1);
    const { invoice: foreign } = await issued(other.therapist.cookie);
    expect((await api(t, team.assistant.cookie, 'DELETE', `/invoice/${foreign.id}`)).statusCode).toBe(404);
  });
});

describe('§14 UStG: issued numbers never vanish', () => {
  const remove = (id: number) => api(t, team.owner.cookie, 'DELETE', `/invoice/${id}`);
  async function expectKept(id: number, state: string, detail: RegExp) {
    for (const response of [await remove(id), await patch(team.assistant.cookie, id, 'deleted')]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: ErrorCode.invoiceNotDeletable });
      expect(response.json().detail).toMatch(detail);
      expect(response.json().detail).toContain('§ 14 UStG');
    }
    expect((await invoiceRow(t, id)).state).toBe(state);
  }

  it('§14 UStG: a sent invoice cannot be deleted (409); its appointment stays billed', async () => {
    const { invoice, appointment } = await issued();
    expect((await patch(team.assistant.cookie, invoice.id, 'sent')).statusCode).toBe(200);
    await expectKept(invoice.id, 'created', /versandte Rechnung.*Stornieren Sie sie stattdessen/);
    expect(await appointmentState(t, appointment.id)).toBe('billed');
  });

  it('§14 UStG: a paid invoice cannot be deleted (409)', async () => {
    const { invoice, appointment } = await issued();
    await patch(team.therapist.cookie, invoice.id, 'paid');
    await expectKept(invoice.id, 'paid', /bezahlte Rechnung/);
    expect(await appointmentState(t, appointment.id)).toBe('billed');
  });

  it('§14 UStG: neither a Storno nor the invoice it cancels can be deleted (409)', async () => {
    const { invoice } = await issued();
    await patch(team.therapist.cookie, invoice.id, 'cancelled');
    const list = (await api(t, team.therapist.cookie, 'GET', '/invoice?limit=0')).json().list as InvoiceListItem[];
    const storno = list.find(
      (item) => item.kind === 'cancellation' && Number(item.invoiceNumber) === Number(invoice.invoiceNumber) + 1,
    );
    expect(storno).toBeDefined();
    await expectKept(storno?.id ?? 0, 'created', /Stornorechnung/);
    await expectKept(invoice.id, 'cancelled', /stornierte Rechnung/);
  });
});

describe('deleting what an invoice names', () => {
  it('refuses to delete an invoiced patient (409, §147 AO) and an appointment an invoice named', async () => {
    const { invoice, appointment } = await issued();
    const patient = await api(t, team.therapist.cookie, 'DELETE', `/user/patient/${appointment.clientId}`);
    expect(patient.statusCode).toBe(409);
    expect(patient.json()).toMatchObject({ code: ErrorCode.patientHasInvoices });
    expect(patient.json().detail).toContain('§ 147 AO');
    await patch(team.therapist.cookie, invoice.id, 'cancelled');
    const deleted = await api(t, team.therapist.cookie, 'DELETE', `/appointment/${appointment.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toMatchObject({ code: ErrorCode.appointmentInvoiced });
    expect(await appointmentState(t, appointment.id)).toBe('billable');
  });
});
