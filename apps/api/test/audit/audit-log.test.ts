import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema.js';
import { recordAudit } from '../../src/modules/audit/audit.service.js';
import { createTestApp, type TestApp } from '../test-app.js';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('audit log', () => {
  it("keeps every row: UPDATE, DELETE and TRUNCATE are refused by the database, even to the tables' owner", async () => {
    // The app's own role may not even truncate; the trigger holds for the owner too.
    const db = testApp.database.ownerDb;
    await recordAudit(db, {
      actor: { userId: 1 },
      customerId: 1,
      patientId: 2,
      action: 'read',
      resource: 'patient',
      resourceId: 2,
    });
    const before = await db.select().from(auditLog);
    expect(before.length).toBeGreaterThan(0);

    // Drizzle wraps the database's error; its cause carries the trigger's message.
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'accepted',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(await refusal(db.execute(sql`UPDATE audit_log SET outcome = 'denied'`))).toMatch(/append only/);
    expect(await refusal(db.execute(sql`DELETE FROM audit_log`))).toMatch(/append only/);
    expect(await refusal(db.execute(sql`TRUNCATE audit_log`))).toMatch(/append only/);
    expect(await db.select().from(auditLog)).toEqual(before);
  });
});
