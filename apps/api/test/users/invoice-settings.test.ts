import { Role } from '@praxia/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createPractice, createTestApp, createUser, signIn, type TestApp } from '../test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const settings = {
  returnAddress: 'Praxis Weber · Invalidenstraße 12 · 10115 Berlin',
  invoiceSignature: 'Dipl.-Psych. Miriam Weber',
  qualificationLine: 'Approbierte Psychologische Psychotherapeutin (Verhaltenstherapie)',
  invoiceAssessmentSessions: 'mark',
  invoicePatientNumber: 'show',
  billingApproval: true,
};

async function team() {
  const practiceId = await createPractice(t.database);
  const therapist = await createUser(t.database, { roles: Role.THERAPIST, practiceId });
  const assistant = await createUser(t.database, { roles: Role.SECRETARY, practiceId });
  return { practiceId, therapist, assistant };
}

const put = (cookie: string, userId: number, body: Record<string, unknown>) =>
  call(t.app, cookie, { method: 'PUT', url: `/api/user/${userId}/invoice-settings`, payload: body });

describe('therapist invoice settings', () => {
  it('a therapist saves and reads their own settings', async () => {
    const { therapist } = await team();
    const cookie = await signIn(t.app, therapist.email);
    const initial = await call(t.app, cookie, { method: 'GET', url: `/api/user/${therapist.id}/invoice-settings` });
    expect(initial.json()).toEqual({
      returnAddress: null,
      invoiceSignature: null,
      qualificationLine: null,
      invoiceAssessmentSessions: 'nomark',
      invoicePatientNumber: 'hide',
      billingApproval: false,
    });
    const saved = await put(cookie, therapist.id, settings);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(settings);
  });

  it('an assistant of the practice edits them on the therapist’s behalf; one of another practice gets 404', async () => {
    const { therapist, assistant } = await team();
    const other = await team();
    expect((await put(await signIn(t.app, assistant.email), therapist.id, settings)).statusCode).toBe(200);
    expect((await put(await signIn(t.app, other.assistant.email), therapist.id, settings)).statusCode).toBe(404);
  });

  it.each([
    ['returnAddress', { returnAddress: ' ' }, 'error.required'],
    ['invoiceSignature', { invoiceSignature: undefined }, 'error.required'],
    ['invoiceAssessmentSessions', { invoiceAssessmentSessions: undefined }, 'error.required'],
    ['invoicePatientNumber', { invoicePatientNumber: 'sometimes' }, 'error.required'],
  ])('requires %s', async (field, change, key) => {
    const { therapist } = await team();
    const response = await put(await signIn(t.app, therapist.email), therapist.id, { ...settings, ...change });
    expect(response.statusCode).toBe(422);
    expect(response.json().validationMessages[field]).toEqual([key]);
  });

  it('is refused to admins (no permission) and to patients', async () => {
    const { therapist, practiceId } = await team();
    const admin = await createUser(t.database, { roles: Role.ADMIN });
    const patient = await createUser(t.database, { roles: Role.REGISTERED, practiceId });
    expect((await put(await signIn(t.app, admin.email), therapist.id, settings)).statusCode).toBe(403);
    expect((await put(await signIn(t.app, patient.email), therapist.id, settings)).statusCode).toBe(403);
  });

  it('exists only for therapists', async () => {
    const { assistant } = await team();
    const response = await put(await signIn(t.app, assistant.email), assistant.id, settings);
    expect(response.statusCode).toBe(403);
  });
});

describe('the practice’s bank account (invoice settings)', () => {
  async function owner() {
    const practiceId = await createPractice(t.database);
    const user = await createUser(t.database, { roles: Role.THERAPIST | Role.CUSTOMER_ADMIN, practiceId });
    return { practiceId, cookie: await signIn(t.app, user.email) };
  }
  const patch = (cookie: string, practiceId: number, body: Record<string, unknown>) =>
    call(t.app, cookie, { method: 'PATCH', url: `/api/customer/${practiceId}`, payload: body });

  it('stores the IBAN without spaces in upper case, the BIC and the holder, and shows them', async () => {
    const { practiceId, cookie } = await owner();
    const saved = await patch(cookie, practiceId, {
      iban: ' de89 3704 0044 0532 0130 00 ',
      bic: 'cobadeffxxx',
      accountHolder: 'Dr. Miriam Weber',
    });
    expect(saved.statusCode).toBe(200);
    const bank = { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', accountHolder: 'Dr. Miriam Weber' };
    expect(saved.json()).toMatchObject(bank);
    const read = await call(t.app, cookie, { method: 'GET', url: `/api/customer/${practiceId}` });
    expect(read.json()).toMatchObject(bank);
  });

  it('clears the account with empty values; the BIC is optional', async () => {
    const { practiceId, cookie } = await owner();
    const withoutBic = await patch(cookie, practiceId, {
      iban: 'AT611904300234573201',
      bic: '',
      accountHolder: 'Praxis Huber',
    });
    expect(withoutBic.json()).toMatchObject({ iban: 'AT611904300234573201', bic: null });
    const cleared = await patch(cookie, practiceId, { iban: '', bic: null, accountHolder: '' });
    expect(cleared.json()).toMatchObject({ iban: null, bic: null, accountHolder: null });
  });

  it.each([
    ['a wrong check digit', { iban: 'DE88370400440532013000', accountHolder: 'A' }, 'iban', 'error.iban'],
    ['a wrong length', { iban: 'DE8937040044053201300', accountHolder: 'A' }, 'iban', 'error.iban'],
    ['an unknown country', { iban: 'XX89370400440532013000', accountHolder: 'A' }, 'iban', 'error.iban'],
    ['a BIC of 9 characters', { bic: 'COBADEFFX' }, 'bic', 'error.bic'],
    ['a BIC with a made-up country', { bic: 'COBAXXFFXXX' }, 'bic', 'error.bic'],
    ['a holder longer than the GiroCode takes', { accountHolder: 'x'.repeat(71) }, 'accountHolder', 'error.tooLong'],
  ])('refuses %s with its message key', async (_case, body, field, key) => {
    const { practiceId, cookie } = await owner();
    const response = await patch(cookie, practiceId, body);
    expect(response.statusCode).toBe(422);
    expect(response.json().validationMessages[field]).toEqual([key]);
  });

  it('requires the account holder beside an IBAN, also when only the IBAN is sent', async () => {
    const { practiceId, cookie } = await owner();
    const response = await patch(cookie, practiceId, { iban: 'DE89370400440532013000' });
    expect(response.statusCode).toBe(422);
    expect(response.json().validationMessages.accountHolder).toEqual(['error.required']);
    const complete = { iban: 'DE89370400440532013000', accountHolder: 'Dr. Miriam Weber' };
    expect((await patch(cookie, practiceId, complete)).statusCode).toBe(200);
    // The stored holder counts: changing only the IBAN later is fine, removing only the holder is not.
    expect((await patch(cookie, practiceId, { iban: 'DE02120300000000202051' })).statusCode).toBe(200);
    expect((await patch(cookie, practiceId, { accountHolder: '' })).statusCode).toBe(422);
  });
});
