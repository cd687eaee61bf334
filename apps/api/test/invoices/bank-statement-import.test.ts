import { type BankEntry, ErrorCode, type InvoiceListItem } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankStatementEntries, invoices } from '../../src/db/schema.js';
import { api } from '../calendar-fixtures.js';
import { type InvoicePractice, invoicePractice, issueOne, setPractice } from '../invoice-fixtures.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { importStatement, novemberStatement, smallStatement, uploadStatement } from './bank-statement-fixtures.js';

let t: TestApp;
let team: InvoicePractice;
let other: InvoicePractice;
/** The team's invoices by number: 2026001 … 2026005, each 100,55 €. */
const issued = new Map<string, InvoiceListItem>();
let otherInvoice: InvoiceListItem;

const invoiceState = async (number: string) => {
  const [row] = await t.database.db
    .select({ state: invoices.state, paidAt: invoices.paidAt, updatedAt: invoices.updatedAt })
    .from(invoices)
    .where(eq(invoices.id, issued.get(number)?.id ?? 0));
  return row;
};

const entryOf = (entries: BankEntry[], reference: string) => {
  const entry = entries.find((candidate) => candidate.reference === reference);
  if (!entry) throw new Error(`no entry "${reference}"`);
  return entry;
};

beforeAll(async () => {
  t = await createTestApp();
  team = await invoicePractice(t);
  other = await invoicePractice(t);
  await setPractice(t, team, { firstInvoiceNumber: 2026001 });
  // The other practice issues the very numbers the statement names: never theirs to be paid by it.
  await setPractice(t, other, { firstInvoiceNumber: 2026001 });
  for (let index = 0; index < 5; index += 1) {
    const invoice = await issueOne(t, team.therapist.cookie);
    issued.set(invoice.invoiceNumber, invoice);
  }
  otherInvoice = await issueOne(t, other.therapist.cookie);
});
afterAll(() => t.close());

describe('POST /invoice/bank-statement (CAMT.053)', () => {
  it('pays the invoices a credit names with their open amount on the booking day, a batch booking too; lists the rest', async () => {
    const result = await importStatement(t, team.assistant.cookie, novemberStatement);
    expect(result).toMatchObject({
      matched: 3,
      unassigned: 2,
      duplicates: 0,
      debitsSkipped: 1,
      alreadyImported: false,
    });
    // The pending credit is not yet money on the account: not imported.
    expect(result.entries).toHaveLength(5);
    expect(entryOf(result.entries, 'Rechnung 2026001')).toMatchObject({
      status: 'matched',
      invoiceNumber: '2026001',
      bookingDate: '2026-11-20',
      amount: 100.55,
      debtorName: 'ERSTE ZAHLERIN',
    });
    expect(entryOf(result.entries, 'Beihilfe 4711 RE 2026002')).toMatchObject({
      status: 'matched',
      invoiceNumber: '2026002',
    });
    expect(entryOf(result.entries, 'Beihilfe 4712 Rechnung Nr. 2026-003')).toMatchObject({
      status: 'matched',
      invoiceNumber: '2026003',
    });
    for (const number of ['2026001', '2026002', '2026003']) {
      expect(await invoiceState(number)).toMatchObject({ state: 'paid', paidAt: '2026-11-20' });
    }
    // A partial payment is not a settlement: it waits, suggesting the invoice its reference names.
    expect(entryOf(result.entries, 'Teilzahlung Rechnung 2026004')).toMatchObject({
      status: 'unassigned',
      invoiceId: null,
      amount: 50,
      suggestions: [{ invoiceNumber: '2026004', openAmount: 100.55, reason: 'reference' }],
    });
    expect(entryOf(result.entries, 'Rechnung 2099999')).toMatchObject({ status: 'unassigned', suggestions: [] });
    expect(await invoiceState('2026004')).toMatchObject({ state: 'created', paidAt: null });
    expect(await invoiceState('2026005')).toMatchObject({ state: 'created', paidAt: null });
    // The other practice's invoice with the same number stays unpaid.
    const [foreign] = await t.database.db.select().from(invoices).where(eq(invoices.id, otherInvoice.id));
    expect(foreign).toMatchObject({ invoiceNumber: 2026001, state: 'created', paidAt: null });
  });

  it('changes nothing when the same statement is imported again, and says so', async () => {
    const before = await invoiceState('2026001');
    const entriesBefore = await t.database.db.select().from(bankStatementEntries);
    const again = await importStatement(t, team.therapist.cookie, novemberStatement);
    expect(again).toMatchObject({ matched: 0, unassigned: 0, duplicates: 5, alreadyImported: true });
    expect(again.entries.every((entry) => entry.status === 'duplicate')).toBe(true);
    expect(entryOf(again.entries, 'Rechnung 2026001').invoiceNumber).toBe('2026001');
    expect(await invoiceState('2026001')).toEqual(before);
    expect(await t.database.db.select().from(bankStatementEntries)).toHaveLength(entriesBefore.length);
  });

  it('lists the waiting credits; a credit assigned by hand pays the invoice once the credits cover it', async () => {
    const waiting = await api(t, team.therapist.cookie, 'GET', '/invoice/bank-statement/entries');
    expect(waiting.statusCode).toBe(200);
    const list = waiting.json().list as BankEntry[];
    expect(list.map((entry) => entry.reference).sort()).toEqual(['Rechnung 2099999', 'Teilzahlung Rechnung 2026004']);
    const partial = entryOf(list, 'Teilzahlung Rechnung 2026004');
    const target = issued.get('2026004');
    const assigned = await api(
      t,
      team.assistant.cookie,
      'POST',
      `/invoice/bank-statement/entries/${partial.id}/assign`,
      {
        invoiceId: target?.id,
      },
    );
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({ status: 'assigned', invoiceNumber: '2026004' });
    // 50,00 of 100,55: still open.
    expect(await invoiceState('2026004')).toMatchObject({ state: 'created', paidAt: null });
    const twice = await api(t, team.assistant.cookie, 'POST', `/invoice/bank-statement/entries/${partial.id}/assign`, {
      invoiceId: target?.id,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe(ErrorCode.bankEntryAssigned);
    // The rest arrives naming the invoice: exactly the open 50,55 settle it, paid on that booking day.
    const rest = await importStatement(
      t,
      team.assistant.cookie,
      smallStatement([
        { ref: 'REST-1', amount: '50.55', text: 'RE 2026004 Rest', name: 'Vierte Zahlerin', booked: '2026-11-24' },
      ]),
    );
    expect(rest).toMatchObject({ matched: 1, unassigned: 0 });
    expect(await invoiceState('2026004')).toMatchObject({ state: 'paid', paidAt: '2026-11-24' });
  });

  it("suggests by amount and the payer's name when the reference names no invoice", async () => {
    const target = issued.get('2026005');
    const [row] = await t.database.db
      .select({ clientId: invoices.clientId })
      .from(invoices)
      .where(eq(invoices.id, target?.id ?? 0));
    const patient = await api(t, team.therapist.cookie, 'GET', `/user/patient/${row?.clientId}`);
    const lastName = patient.json().lastName as string;
    const result = await importStatement(
      t,
      team.therapist.cookie,
      smallStatement([
        { ref: 'NAME-1', amount: '100.55', text: 'Danke fuer die Behandlung', name: `PAULA ${lastName.toUpperCase()}` },
      ]),
    );
    expect(result.entries[0]).toMatchObject({
      status: 'unassigned',
      suggestions: [{ invoiceNumber: '2026005', reason: 'amountAndName' }],
    });
    expect(await invoiceState('2026005')).toMatchObject({ state: 'created' });
  });

  it("never assigns a credit to another practice's invoice nor shows it another practice's credit (404)", async () => {
    const result = await importStatement(
      t,
      team.therapist.cookie,
      smallStatement([{ ref: 'FOREIGN-1', amount: '100.55', text: 'Rechnung 2099998', name: 'Jemand' }]),
    );
    const entry = result.entries[0];
    const foreignInvoice = await api(
      t,
      team.therapist.cookie,
      'POST',
      `/invoice/bank-statement/entries/${entry?.id}/assign`,
      {
        invoiceId: otherInvoice.id,
      },
    );
    expect(foreignInvoice.statusCode).toBe(404);
    const foreignEntry = await api(
      t,
      other.therapist.cookie,
      'POST',
      `/invoice/bank-statement/entries/${entry?.id}/assign`,
      {
        invoiceId: otherInvoice.id,
      },
    );
    expect(foreignEntry.statusCode).toBe(404);
    const missing = await api(t, team.therapist.cookie, 'POST', '/invoice/bank-statement/entries/2000000000/assign', {
      invoiceId: otherInvoice.id,
    });
    expect(missing.json()).toEqual({ ...foreignEntry.json(), instance: missing.json().instance });
    const otherList = (await api(t, other.therapist.cookie, 'GET', '/invoice/bank-statement/entries')).json().list;
    expect(otherList).toEqual([]);
    const [foreign] = await t.database.db.select().from(invoices).where(eq(invoices.id, otherInvoice.id));
    expect(foreign?.state).toBe('created');
  });

  it('refuses a paid invoice as the target of a waiting credit (409)', async () => {
    const waiting = (await api(t, team.therapist.cookie, 'GET', '/invoice/bank-statement/entries')).json()
      .list as BankEntry[];
    const unknown = entryOf(waiting, 'Rechnung 2099999');
    const paid = issued.get('2026001');
    const refused = await api(
      t,
      team.therapist.cookie,
      'POST',
      `/invoice/bank-statement/entries/${unknown.id}/assign`,
      {
        invoiceId: paid?.id,
      },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(ErrorCode.invoiceStateForbids);
  });

  it('lets only those who may mark invoices paid import (403 for the owner without treating, the patient)', async () => {
    for (const cookie of [team.owner.cookie, team.patientAccount.cookie]) {
      const refused = await uploadStatement(t, cookie, novemberStatement);
      expect(refused.statusCode).toBe(403);
    }
    const drs = await uploadStatement(t, team.drs.cookie, smallStatement([]));
    expect(drs.statusCode).toBe(200);
  });

  it('refuses what is not a bank statement with 422 and a German text', async () => {
    const pain =
      '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn/></Document>';
    for (const file of [pain, '%PDF-1.7 nonsense', '<Document><BkToCstmrStmt>', '']) {
      const refused = await uploadStatement(t, team.therapist.cookie, file);
      expect(refused.statusCode, file).toBe(422);
      expect(refused.json()).toMatchObject({
        code: ErrorCode.bankStatementInvalid,
        detail: 'Die Datei ist kein Kontoauszug im Format CAMT.053 oder CAMT.054.',
      });
    }
    const tooLarge = await uploadStatement(t, team.therapist.cookie, Buffer.alloc(5 * 1024 * 1024 + 1, 0x20));
    expect(tooLarge.statusCode).toBe(422);
    expect(tooLarge.json().code).toBe(ErrorCode.bankStatementTooLarge);
    const noFile = await api(t, team.therapist.cookie, 'POST', '/invoice/bank-statement', {});
    expect(noFile.statusCode).toBe(422);
  });
});
