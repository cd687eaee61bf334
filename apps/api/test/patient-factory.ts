import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Role } from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import { medicalHistoryEntries, patients } from '../src/db/schema.js';
import { hashPassword } from '../src/lib/passwords.js';
import { insertUser } from '../src/modules/users/users.repo.js';
import {
  call,
  createPractice,
  createUser,
  multipart,
  PASSWORD,
  signIn,
  type TestApp,
  uniqueEmail,
} from './test-app.js';

let nextPatientNumber = 1000;

/**
 * A patient straight in the database (the patient API is built elsewhere): a users row with the registered role and
 * a patients row. `withAccount` gives them a sign-in account (is_account), as the patient portal needs.
 */
export async function createPatient(
  t: TestApp,
  options: { practiceId: number; therapistId: number; withAccount?: boolean; birthday?: string },
) {
  const email = uniqueEmail('patient');
  const user = await insertUser(t.database.db, {
    email,
    passwordHash: options.withAccount ? await hashPassword(PASSWORD) : null,
    roles: Role.REGISTERED,
    firstName: 'Max',
    lastName: `Patient-${randomUUID().slice(0, 4)}`,
    isConfirmed: true,
    isAccount: options.withAccount ?? false,
  });
  nextPatientNumber += 1;
  await t.database.db.insert(patients).values({
    userId: user.id,
    customerId: options.practiceId,
    therapistId: options.therapistId,
    patientNumber: nextPatientNumber,
    birthday: options.birthday ?? '1980-04-02',
  });
  return { id: user.id, email, lastName: user.lastName, patientNumber: nextPatientNumber };
}

/** A practice with an owner, a therapist (with one patient), a second therapist and an assistant, signed in. */
export async function createHistoryPractice(t: TestApp) {
  const practiceId = await createPractice(t.database);
  const signed = async (roles: number) => {
    const user = await createUser(t.database, { roles, practiceId });
    return { ...user, cookie: await signIn(t.app, user.email) };
  };
  const owner = await signed(Role.THERAPIST | Role.CUSTOMER_ADMIN);
  const therapist = await signed(Role.THERAPIST);
  const colleague = await signed(Role.THERAPIST);
  const assistant = await signed(Role.SECRETARY);
  const patient = await createPatient(t, { practiceId, therapistId: therapist.id, withAccount: true });
  return { practiceId, owner, therapist, colleague, assistant, patient };
}

export { multipart };

export const uploadFile = (app: FastifyInstance, cookie: string, clientId: number, filename: string, data: Buffer) =>
  call(app, cookie, {
    method: 'POST',
    url: '/api/user-medical-history',
    ...multipart([
      { name: 'clientId', value: String(clientId) },
      { name: 'file', value: data, filename, type: 'application/octet-stream' },
    ]),
  });

export const addNote = (app: FastifyInstance, cookie: string, clientId: number, note: string) =>
  call(app, cookie, {
    method: 'POST',
    url: '/api/user-medical-history',
    ...multipart([
      { name: 'clientId', value: String(clientId) },
      { name: 'note', value: note },
    ]),
  });

export const searchHistory = (app: FastifyInstance, cookie: string, clientId: number, state?: string[]) =>
  call(app, cookie, {
    method: 'POST',
    url: '/api/user-medical-history/search',
    payload: { filter: { clientId: [clientId], ...(state ? { state } : {}) } },
  });

/** A minimal but real PDF (file-type knows it by its %PDF header). */
export const pdfBytes = (size = 400) => {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20), tail]);
};

/** The files stored for a practice's documents (empty when none). */
export function storedDocuments(t: TestApp, practiceId: number): string[] {
  const dir = join(t.app.ctx.config.dataDir, 'files', 'practices', String(practiceId), 'documents');
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** A patient of another practice with one history entry, for probes that need a foreign id that exists. */
export async function createForeignRecords(t: TestApp, practiceId: number, therapistId: number) {
  const patient = await createPatient(t, { practiceId, therapistId });
  const [entry] = await t.database.db
    .insert(medicalHistoryEntries)
    .values({ customerId: practiceId, clientId: patient.id, therapistId, note: 'Fremd', createdBy: therapistId })
    .returning({ id: medicalHistoryEntries.id });
  if (!entry) throw new Error('no entry row');
  return { patientId: patient.id, entryId: entry.id };
}
