import { formatPracticeDateTime, Role, THERAPEUTIC_FOCUS_KEYS, type TherapistSearch } from '@praxia/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSystem } from '../../src/db/row-scope.js';
import {
  appointmentFees,
  appointments,
  appointmentTypes,
  invoiceAppointments,
  invoices,
  medicalHistoryEntries,
  overdueNotices,
  patients,
  planInvoices,
  userDiagnoses,
  userFeeDefaults,
  users,
} from '../../src/db/schema.js';
import { isBusinessInvoice } from '../../src/modules/invoices/documents/e-invoice/buyer.js';
import { DEMO_PASSWORD, seedDemoData } from '../../src/seed/demo.js';
import { seedDemoCalendar } from '../../src/seed/demo-calendar.js';
import { seedDemoInvoices } from '../../src/seed/demo-invoices.js';
import { seedDemoPlanInvoices } from '../../src/seed/demo-plan-invoices.js';
import { seedDemoRecords } from '../../src/seed/demo-records.js';
import { pdfAttachments } from '../pdf-attachments.js';
import { call, createTestApp, signIn, type TestApp } from '../test-app.js';

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
      // The demo passes the patient form's rule: a rate above the threshold carries its justification.
      for (const fee of fees.filter((entry) => Number(entry.incrementalRate) > 2.3)) {
        expect(fee.justification?.trim()).toBeTruthy();
      }
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

  it('lets each demo owner save their practice and their invoice settings back as they are, its tax number shown', async () => {
    const { db } = testApp.database;
    await seedDemoData(db);
    // The sign-in code by e-mail is the two-factor tests' subject; here the owner signs in with the password alone.
    await db.update(users).set({ pinTransportMethod: 'none' }).where(eq(users.email, 'inhaber@example.org'));
    for (const email of ['inhaber@example.org', 'coach@example.org']) {
      const cookie = await signIn(testApp.app, email, DEMO_PASSWORD);
      const send = (method: 'GET' | 'PATCH' | 'PUT', url: string, payload?: object) =>
        call(testApp.app, cookie, { method, url, payload });
      const owner = (await send('GET', '/api/user/current')).json();
      const practiceUrl = `/api/customer/${owner.customerId}`;
      const practice = await send('PATCH', practiceUrl, (await send('GET', practiceUrl)).json());
      expect(practice.statusCode, `${email}: ${practice.body}`).toBe(200);
      // §14 Abs. 4 Nr. 2 UStG: without it the demo could not issue an invoice over 250 €.
      expect(practice.json(), email).toMatchObject({ taxNumber: expect.stringMatching(/\d/), showTaxNumber: true });
      const settingsUrl = `/api/user/${owner.id}/invoice-settings`;
      const settings = await send('PUT', settingsUrl, (await send('GET', settingsUrl)).json());
      expect(settings.statusCode, `${email}: ${settings.body}`).toBe(200);
      expect(settings.json().returnAddress).toBeTruthy();
    }
  });

  it('gives the demo therapists a living current and next week in German time, once', async () => {
    const { db } = testApp.database;
    await seedDemoData(db);
    await seedDemoRecords(db, testApp.app.ctx.storage);
    // A Thursday noon in summer time: the week's Monday to Wednesday lie in the past.
    const now = new Date('2030-06-13T12:00:00+02:00');
    await seedDemoCalendar(db, now);
    await seedDemoCalendar(db, now);
    const [therapist] = await db.select().from(users).where(eq(users.email, 'therapeutin@example.org'));
    const rows = await db
      .select()
      .from(appointments)
      .where(eq(appointments.therapistId, therapist?.id ?? 0));
    const monday = new Date('2030-06-10T00:00:00+02:00');
    const sundayAfterNext = new Date('2030-06-24T00:00:00+02:00');
    // Everything lies in the current and next week, except the series, which runs on weekly from this week.
    const inTwoWeeks = (row: { startsAt: Date }) => row.startsAt >= monday && row.startsAt < sundayAfterNext;
    expect(rows.filter((row) => row.seriesId === null).every(inTwoWeeks)).toBe(true);
    const states = new Set(rows.map((row) => row.state));
    expect(states).toEqual(new Set(['available', 'taken', 'billable']));
    // Billable only once ended (§14 UStG: no invoice before the service); the 11:00 session ended at 11:50.
    const billable = rows.filter((row) => row.state === 'billable');
    expect(billable.length).toBeGreaterThan(0);
    expect(billable.every((row) => row.endsAt <= now)).toBe(true);
    expect(rows.some((row) => row.location === 'remote' && row.state === 'taken')).toBe(true);
    const series = rows.filter((row) => row.seriesId !== null);
    expect(series).toHaveLength(4);
    expect(series.map((row) => formatPracticeDateTime(row.startsAt).slice(11))).toEqual([
      '08:00',
      '08:00',
      '08:00',
      '08:00',
    ]);
    // Sessions start on the hour in German time.
    expect(rows.every((row) => formatPracticeDateTime(row.startsAt).endsWith(':00'))).toBe(true);
    // One guest's online booking is held for the therapist to assign: taken with the details typed, no record, no fees.
    const held = rows.filter((row) => row.state === 'taken' && row.clientId === null);
    expect(held).toHaveLength(1);
    const heldPatient = rows.find((row) => row.clientId !== null && row.clientEmail === held[0]?.clientEmail);
    expect(heldPatient).toBeDefined();
    const taken = rows.filter((row) => row.state !== 'available' && row.clientId !== null);
    const fees = await db
      .select()
      .from(appointmentFees)
      .where(
        inArray(
          appointmentFees.appointmentId,
          taken.map((row) => row.id),
        ),
      );
    expect(new Set(fees.map((fee) => fee.appointmentId)).size).toBe(taken.length);
    // The colleagues have free slots.
    const [owner] = await db.select().from(users).where(eq(users.email, 'inhaber@example.org'));
    const ownerSlots = await db
      .select()
      .from(appointments)
      .where(eq(appointments.therapistId, owner?.id ?? 0));
    expect(ownerSlots.length).toBeGreaterThan(0);
    const types = await db
      .select()
      .from(appointmentTypes)
      .where(eq(appointmentTypes.userId, owner?.id ?? 0));
    expect(types.length).toBeGreaterThan(0);
  });

  it('is found by a search for 10115: the Berlin practice at 0 km with free slots, not the one in its trial', async () => {
    const { db } = testApp.database;
    await seedDemoData(db);
    await seedDemoCalendar(db, new Date());
    // All pages: on PostgreSQL other test files' practices share the database, many of them in 10115 as well.
    const list: TherapistSearch['list'] = [];
    for (let page = 1; ; page += 1) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/user/searchPostalCode?postalCode=10115&limit=100&page=${page}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json() as TherapistSearch;
      list.push(...answer.list);
      if (page >= answer.pages) break;
    }
    // The demo therapist by her account (another test may name a practice 'Praxis am Park' too).
    const [therapist] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'therapeutin@example.org'));
    const demo = list.filter((row) => row.user.id === therapist?.id);
    expect(demo.length).toBeGreaterThan(0);
    expect(demo.every((row) => row.distance === 0)).toBe(true);
    expect(demo.some((row) => row.nextFreeAppointment !== null)).toBe(true);
    expect(list.some((row) => row.user.practice.name === 'Coaching Nord')).toBe(false);
  });

  it('gives the demo practice three paid months of its plan, each invoiced with its PDF, listed for the owner, once', async () => {
    const { db } = testApp.database;
    await seedDemoData(db);
    await asSystem(() => seedDemoPlanInvoices(testApp.app.ctx));
    await asSystem(() => seedDemoPlanInvoices(testApp.app.ctx));
    const [owner] = await db.select().from(users).where(eq(users.email, 'inhaber@example.org'));
    const listed = await call(testApp.app, await signIn(testApp.app, owner?.email ?? '', DEMO_PASSWORD), {
      method: 'GET',
      url: '/api/customer/plan-invoices',
    });
    const list = listed.json().list as { id: number; issueDate: string; amount: number }[];
    expect(list.map((invoice) => invoice.amount)).toEqual([34.99, 34.99, 34.99]);
    expect(new Set(list.map((invoice) => invoice.issueDate.slice(0, 7))).size).toBe(3);
    // The demo practice's own rows: on PostgreSQL other test files' practices share the database.
    const rows = await db
      .select()
      .from(planInvoices)
      .where(
        inArray(
          planInvoices.id,
          list.map((invoice) => invoice.id),
        ),
      );
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect((await testApp.app.ctx.storage.get(row.pdfKey))?.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('gives the demo therapist invoices issued over several months with stored documents, two paid, one reminded, once', async () => {
    const { db } = testApp.database;
    await seedDemoData(db);
    await seedDemoRecords(db, testApp.app.ctx.storage);
    // Seeding runs as the platform, as at the app's start.
    await asSystem(() => seedDemoInvoices(testApp.app.ctx));
    await asSystem(() => seedDemoInvoices(testApp.app.ctx));
    const [therapist] = await db.select().from(users).where(eq(users.email, 'therapeutin@example.org'));
    const rows = await db
      .select()
      .from(invoices)
      .where(eq(invoices.therapistId, therapist?.id ?? 0));
    expect(rows).toHaveLength(4);
    expect(rows.map((row) => row.state).sort()).toEqual(['created', 'created', 'paid', 'paid']);
    // Consecutive from the practice's first number, each issued a week after its session, in the past.
    expect(rows.map((row) => row.invoiceNumber).sort()).toEqual([2026001, 2026002, 2026003, 2026004]);
    expect(rows.every((row) => row.createdAt < new Date())).toBe(true);
    const months = new Set(rows.map((row) => row.document.issueDate.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(2);
    const notices = await db
      .select()
      .from(overdueNotices)
      .where(
        inArray(
          overdueNotices.invoiceId,
          rows.map((row) => row.id),
        ),
      );
    expect(notices).toMatchObject([{ type: 'reminder', number: 1, state: 'created' }]);
    expect(rows.find((row) => row.id === notices[0]?.invoiceId)?.state).toBe('created');
    expect((await testApp.app.ctx.storage.get(notices[0]?.pdfKey ?? ''))?.subarray(0, 5).toString()).toBe('%PDF-');
    // Tim's two sessions at 2,3 (100,55 € each) are the paid ones; Julia's coaching carries 19 % VAT.
    expect(rows.filter((row) => row.state === 'paid').map((row) => row.amountCents)).toEqual([10055, 10055]);
    const reminded = rows.find((row) => row.id === notices[0]?.invoiceId);
    // The reminder came after the invoice's due date.
    expect((notices[0]?.document.issueDate ?? '') > (reminded?.dueDate ?? '')).toBe(true);
    expect(rows.some((row) => row.document.taxTotals.some((total) => total.ratePercent === 19))).toBe(true);
    // Anna's factor 3 prints the justification of her fee entry, and only there.
    const raised = rows.flatMap((row) => row.document.lines).filter((line) => line.factor === '3,0');
    expect(raised.map((line) => line.justification)).toEqual([
      'Aufgrund der besonderen Schwierigkeit der Behandlung wird der angegebene Steigerungssatz veranschlagt.',
    ]);
    // Julia's employer pays her coaching: a business client, whose invoice is also offered as XRechnung.
    expect(rows.filter((row) => isBusinessInvoice(row.document)).map((row) => row.document.recipient.lines[0])).toEqual(
      ['Spreelicht Logistik GmbH'],
    );
    for (const row of rows) {
      const pdf = await testApp.app.ctx.storage.get(row.pdfKey);
      expect(pdf?.subarray(0, 5).toString()).toBe('%PDF-');
      expect((await pdfAttachments(pdf ?? Buffer.alloc(0))).list).toContain('factur-x.xml');
      const billed = await db
        .select({ appointment: appointments })
        .from(invoiceAppointments)
        .innerJoin(appointments, eq(appointments.id, invoiceAppointments.appointmentId))
        .where(eq(invoiceAppointments.invoiceId, row.id));
      expect(billed.length).toBeGreaterThan(0);
      expect(
        billed.every(({ appointment }) => appointment.state === 'billed' && appointment.startsAt < new Date()),
      ).toBe(true);
    }
  });

  it('offers the demo practice a bank statement that pays its two open invoices when imported', async () => {
    const cookie = await signIn(testApp.app, 'therapeutin@example.org', DEMO_PASSWORD);
    const entries = await call(testApp.app, cookie, { method: 'GET', url: '/api/invoice/bank-statement/entries' });
    expect(entries.json()).toMatchObject({ sampleAvailable: true });
    const sample = await call(testApp.app, cookie, { method: 'GET', url: '/api/invoice/bank-statement/sample' });
    expect(sample.statusCode).toBe(200);
    expect(sample.headers['content-disposition']).toContain('Kontoauszug-Demo.xml');
    const boundary = '----demo-statement';
    const imported = await call(testApp.app, cookie, {
      method: 'POST',
      url: '/api/invoice/bank-statement',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="k.xml"\r\n\r\n${sample.body}\r\n--${boundary}--\r\n`,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ matched: 2, unassigned: 0 });
    const [therapist] = await testApp.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'therapeutin@example.org'));
    const states = await testApp.database.db
      .select({ state: invoices.state })
      .from(invoices)
      .where(eq(invoices.therapistId, therapist?.id ?? 0));
    expect(states.map((row) => row.state)).toEqual(['paid', 'paid', 'paid', 'paid']);
    // Another practice has no sample to download.
    const coach = await signIn(testApp.app, 'coach@example.org', DEMO_PASSWORD);
    expect(
      (await call(testApp.app, coach, { method: 'GET', url: '/api/invoice/bank-statement/sample' })).statusCode,
    ).toBe(404);
  });
});
