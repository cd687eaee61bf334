import { Role, THERAPEUTIC_FOCUS_KEYS } from '@praxia/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medicalHistoryEntries, patients, userDiagnoses, userFeeDefaults, users } from '../src/db/schema.js';
import { seedDemoData } from '../src/seed/demo.js';
import { seedDemoRecords } from '../src/seed/demo-records.js';
import { createTestApp, type TestApp } from './test-app.js';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('demo data', () => {
  it('gives the demo therapist five patients with diagnoses, fee defaults, notes and a PDF, once', async () => {
    const { db } = testApp.database;
    const { storage } = testApp.app.ctx;
    await seedDemoData(db);
    await seedDemoRecords(db, storage);
    await seedDemoRecords(db, storage);

    const [therapist] = await db.select().from(users).where(eq(users.email, 'therapeutin@example.org'));
    // Her public profile is filled in, with keys of the shared lists.
    expect(
      therapist?.therapeuticFocus.every((key) => (THERAPEUTIC_FOCUS_KEYS as readonly string[]).includes(key)),
    ).toBe(true);
    expect(therapist?.therapeuticFocus.length).toBeGreaterThan(0);
    const records = await db
      .select()
      .from(patients)
      .where(eq(patients.therapistId, therapist?.id ?? 0));
    expect(records).toHaveLength(5);
    expect(new Set(records.map((record) => record.patientNumber)).size).toBe(5);

    const [account] = await db.select().from(users).where(eq(users.email, 'patient@example.org'));
    expect(account?.roles).toBe(Role.REGISTERED);
    expect(records.some((record) => record.userId === account?.id)).toBe(true);

    for (const record of records) {
      const diagnoses = await db.select().from(userDiagnoses).where(eq(userDiagnoses.userId, record.userId));
      const fees = await db.select().from(userFeeDefaults).where(eq(userFeeDefaults.userId, record.userId));
      const notes = await db
        .select()
        .from(medicalHistoryEntries)
        .where(eq(medicalHistoryEntries.clientId, record.userId));
      expect(diagnoses.length).toBeGreaterThan(0);
      expect(diagnoses.map((diagnosis) => diagnosis.id)).toContain(record.defaultUserDiagnosisId);
      expect(fees.length).toBeGreaterThan(0);
      expect(notes.some((entry) => entry.note)).toBe(true);
    }

    // Only the demo therapist's: on PostgreSQL other test files share the database.
    const files = await db
      .select()
      .from(medicalHistoryEntries)
      .where(
        and(
          eq(medicalHistoryEntries.therapistId, therapist?.id ?? 0),
          eq(medicalHistoryEntries.contentType, 'application/pdf'),
        ),
      );
    expect(files).toHaveLength(1);
    const pdf = await storage.get(files[0]?.storageKey ?? '');
    expect(pdf?.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf?.length).toBe(files[0]?.sizeBytes);
  });
});
