import { Role } from '@praxia/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createPractice, createTestApp, createUser, signIn, type TestApp } from './test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const settings = {
  returnAddress: 'Praxis Weber · Invalidenstraße 12 · 10115 Berlin',
  invoiceSignature: 'Dipl.-Psych. Miriam Weber',
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
