import { Role } from '@praxia/shared';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../src/db/schema.js';
import { call, createPractice, createUser, signIn, type TestApp } from './test-app.js';

export type Member = { id: number; email: string; cookie: string };

/** A practice with an owner, two therapists, an assistant and a signed-in patient account. */
export async function practiceWithTeam(t: TestApp, values: { firstPatientNumber?: number } = {}) {
  const id = await createPractice(t.database, values);
  const member = async (roles: number): Promise<Member> => {
    const user = await createUser(t.database, { roles, practiceId: id });
    return { ...user, cookie: await signIn(t.app, user.email) };
  };
  return {
    id,
    owner: await member(Role.CUSTOMER_ADMIN),
    therapist: await member(Role.THERAPIST),
    otherTherapist: await member(Role.THERAPIST),
    assistant: await member(Role.SECRETARY),
    patientAccount: await member(Role.REGISTERED),
  };
}
export type Team = Awaited<ReturnType<typeof practiceWithTeam>>;

let counter = 0;
export const patientInput = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Paula',
  lastName: `Patientin${++counter}`,
  email: `paula-${Date.now()}-${counter}@example.org`,
  ...overrides,
});

/** Creates a patient through the API and returns its answer (fails the test on anything but 201). */
export async function createPatientVia(t: TestApp, cookie: string, overrides: Record<string, unknown> = {}) {
  const response = await call(t.app, cookie, {
    method: 'POST',
    url: '/api/user/patient',
    payload: patientInput(overrides),
  });
  if (response.statusCode !== 201) throw new Error(`patient create ${response.statusCode}: ${response.body}`);
  return response.json() as { id: number; patientNumber: number; therapistId: number; customerId: number };
}

export async function auditRows(t: TestApp, patientId: number, resource: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.patientId, patientId), eq(auditLog.resource, resource)));
}
