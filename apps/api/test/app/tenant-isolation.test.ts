import { Role } from '@praxia/shared';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import { asSystem } from '../../src/db/row-scope.js';
import {
  accessProbes,
  appointments,
  auditLog,
  bankStatementEntries,
  customers,
  invoices,
  passkeys,
  payments,
  planInvoices,
  userCustomers,
} from '../../src/db/schema.js';
import { issuePlanInvoice } from '../../src/modules/payments/plan-invoices.service.js';
import { createForeignRecords } from '../patient-factory.js';
import { call, createPractice, createTestApp, createUser, signIn, type TestApp } from '../test-app.js';

/**
 * Generated over the registered routes: every signed-in route that takes an id is called by each role of practice A
 * with an id belonging to practice B and with an id that exists nowhere, and must answer exactly alike (security.md:
 * a foreign id must not even be confirmed to exist). A new route with an id fails here until it is given a probe.
 */
let t: TestApp;
let foreignRecords: { patientId: number; entryId: number };
let foreign: {
  practiceId: number;
  therapistId: number;
  patientId: number;
  linkId: number;
  diagnosisId: number;
  appointmentTypeId: number;
  appointmentId: number;
  feeId: number;
  invoiceId: number;
  noticeId: number;
  planInvoiceId: number;
  bankEntryId: number;
  passkeyId: number;
};
let cookies: Record<string, string>;
let ownPracticeId: number;

const MISSING_ID = 2_000_000_000;

type Probe = { foreignId: () => number; request?: (url: string) => Omit<InjectOptions, 'method' | 'url'> };

const json = (payload: Record<string, unknown>) => () => ({ payload });
const multipartData = (data: Record<string, unknown>) => () => {
  const boundary = '----praxia-tenant-boundary';
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="__data"\r\n\r\n${JSON.stringify(data)}\r\n--${boundary}--\r\n`;
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

const user = (request?: Probe['request']): Probe => ({ foreignId: () => foreign.therapistId, request });
const practice = (request?: Probe['request']): Probe => ({ foreignId: () => foreign.practiceId, request });
const patient = (request?: Probe['request']): Probe => ({ foreignId: () => foreign.patientId, request });

const PROBES: Record<string, Probe> = {
  'GET /api/user/:id': user(),
  'PATCH /api/user/:id': user(json({ firstName: 'Eindringling' })),
  'GET /api/user/:id/invoice-settings': user(),
  'PUT /api/user/:id/invoice-settings': user(
    json({
      returnAddress: 'Fremd',
      invoiceSignature: 'Fremd',
      invoiceAssessmentSessions: 'mark',
      invoicePatientNumber: 'show',
      billingApproval: true,
    }),
  ),
  'GET /api/user/:id/avatar': user(),
  'PUT /api/user/:id/avatar': user(() => {
    const boundary = '----praxia-tenant-avatar';
    // A 1 × 1 PNG: a valid upload, so only the id decides the answer.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    return {
      payload: Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  }),
  'DELETE /api/user/:id/avatar': user(),
  'DELETE /api/push-notification/subscription/:id': user(),
  'GET /api/customer/:id': practice(),
  'PATCH /api/customer/:id': practice(multipartData({ city: 'Fremdstadt' })),
  'PATCH /api/customer/:id/deactivate': practice(json({ deactivated: true })),
  'DELETE /api/customer/:id': practice(),
  'GET /api/customer/:id/therapists': practice(),
  'GET /api/customer/:id/logo': practice(),
  'POST /api/user-medical-history/:id/share': {
    foreignId: () => foreignRecords.entryId,
    request: json({ shared: true }),
  },
  'GET /api/user-medical-history/:id/file/:filename': { foreignId: () => foreignRecords.entryId },
  'GET /api/patient/documents/:id/file': { foreignId: () => foreignRecords.entryId },
  'PATCH /api/patient/appointments/:id/cancel': { foreignId: () => foreign.appointmentId },
  'POST /api/patient/appointments/:id/video-link': { foreignId: () => foreign.appointmentId },
  'GET /api/patient/invoices/:id/file': { foreignId: () => foreign.invoiceId },
  'GET /api/user/download/:therapistId': user(),
  'GET /api/user/patient/:id/download': patient(),
  'GET /api/audit/patient/:id/report': { foreignId: () => foreignRecords.patientId },
  'DELETE /api/user/:id': user(),
  'DELETE /api/user/:id/mfa': user(),
  'PATCH /api/user/mfa/passkeys/:id': { foreignId: () => foreign.passkeyId, request: json({ name: 'Fremd' }) },
  'DELETE /api/user/mfa/passkeys/:id': { foreignId: () => foreign.passkeyId },
  'PATCH /api/user/customer-user/:id': { foreignId: () => foreign.linkId, request: json({ deactivated: true }) },
  'GET /api/user/patient/:id': patient(),
  'PATCH /api/user/patient/:id': patient(json({ city: 'Fremdstadt' })),
  'DELETE /api/user/patient/:id': patient(),
  'PUT /api/user/patient/:id/record': patient(json({ patient: {}, feeDefaults: [], diagnoses: [] })),
  'DELETE /api/user-diagnosis/:id': { foreignId: () => foreign.diagnosisId },
  'GET /api/appointmentTypes/:id': { foreignId: () => foreign.appointmentTypeId },
  'PATCH /api/appointmentTypes/:id': { foreignId: () => foreign.appointmentTypeId, request: json({ name: 'Fremd' }) },
  'DELETE /api/appointmentTypes/:id': { foreignId: () => foreign.appointmentTypeId },
  'GET /api/appointment/:id': { foreignId: () => foreign.appointmentId },
  'PATCH /api/appointment/:id': { foreignId: () => foreign.appointmentId, request: json({ notes: 'Fremd' }) },
  'PATCH /api/appointment/:id/book': {
    foreignId: () => foreign.appointmentId,
    request: json({ firstName: 'Fremd', lastName: 'Buchung', email: 'fremd-buchung@test.example.org' }),
  },
  'PATCH /api/appointment/:id/cancel': { foreignId: () => foreign.appointmentId },
  'GET /api/appointment/:id/patient-matches': { foreignId: () => foreign.appointmentId },
  'PATCH /api/appointment/:id/patient': { foreignId: () => foreign.appointmentId, request: json({ clientId: 1 }) },
  'GET /api/appointment/:id/meeting/therapist': { foreignId: () => foreign.appointmentId },
  'POST /api/appointment/:id/meeting/patient-link': { foreignId: () => foreign.appointmentId },
  'DELETE /api/appointment/:id': { foreignId: () => foreign.appointmentId },
  'PATCH /api/appointment/medical-fee-appointment/:id': {
    foreignId: () => foreign.feeId,
    request: json({ coachingTitle: 'Fremd', coachingAmount: 1 }),
  },
  'DELETE /api/appointment/medical-fee-appointment/:id': { foreignId: () => foreign.feeId },
  'PATCH /api/invoice/:id': { foreignId: () => foreign.invoiceId, request: json({ state: 'paid' }) },
  'DELETE /api/invoice/:id': { foreignId: () => foreign.invoiceId },
  'GET /api/invoice/:id/file': { foreignId: () => foreign.invoiceId },
  'GET /api/invoice/:id/file/:name': { foreignId: () => foreign.invoiceId },
  'POST /api/invoice/:id/send': { foreignId: () => foreign.invoiceId },
  'PATCH /api/invoice/overdue-notice/:id': { foreignId: () => foreign.noticeId, request: json({ state: 'sent' }) },
  'DELETE /api/invoice/overdue-notice/:id': { foreignId: () => foreign.noticeId },
  'POST /api/invoice/bank-statement/entries/:id/assign': {
    foreignId: () => foreign.bankEntryId,
    request: () => ({ payload: { invoiceId: foreign.invoiceId } }),
  },
  'GET /api/invoice/overdue-notice/:id/download/:fileName': { foreignId: () => foreign.noticeId },
  'POST /api/invoice/overdue-notice/:id/send': { foreignId: () => foreign.noticeId },
  'GET /api/customer/plan-invoices/:id/file': { foreignId: () => foreign.planInvoiceId },
};

const idRoutes = () =>
  (t?.app.routeAccess ?? []).filter(
    (route) => route.access !== 'public' && route.method !== 'HEAD' && /:\w+/.test(route.url),
  );

beforeAll(async () => {
  t = await createTestApp();
  ownPracticeId = await createPractice(t.database);
  const roles = {
    owner: Role.THERAPIST | Role.CUSTOMER_ADMIN,
    therapist: Role.THERAPIST,
    assistant: Role.SECRETARY,
  };
  cookies = {};
  for (const [name, mask] of Object.entries(roles)) {
    const member = await createUser(t.database, { roles: mask, practiceId: ownPracticeId });
    cookies[name] = await signIn(t.app, member.email);
  }
  const foreignPracticeId = await createPractice(t.database, { logoFilename: null });
  const foreignTherapist = await createUser(t.database, { roles: Role.THERAPIST, practiceId: foreignPracticeId });
  foreignRecords = await createForeignRecords(t, foreignPracticeId, foreignTherapist.id);
  const foreignCookie = await signIn(t.app, foreignTherapist.email);
  const created = await call(t.app, foreignCookie, {
    method: 'POST',
    url: '/api/user/patient',
    payload: {
      firstName: 'Fremd',
      lastName: 'Patient',
      email: 'fremd-patient@test.example.org',
      ...{ phone: '0151 23456789', phoneCountry: 'DE', street: 'Weg 2', postalCode: '10115', city: 'Berlin' },
    },
  });
  const patientId = created.json().id as number;
  const diagnosis = await call(t.app, foreignCookie, {
    method: 'POST',
    url: '/api/user-diagnosis',
    payload: { userId: patientId, freeText: 'Fremd' },
  });
  const [link] = await t.database.db.select().from(userCustomers).where(eq(userCustomers.userId, foreignTherapist.id));
  const appointmentType = await call(t.app, foreignCookie, {
    method: 'POST',
    url: '/api/appointmentTypes',
    payload: { name: 'Fremd', duration: 50, location: 'onSite' },
  });
  const appointment = await call(t.app, foreignCookie, {
    method: 'POST',
    url: '/api/appointment',
    payload: { appointmentStart: '2031-01-06 09:00', appointmentEnd: '2031-01-06 10:00' },
  });
  const fee = await call(t.app, foreignCookie, {
    method: 'POST',
    url: '/api/appointment/medical-fee-appointment',
    payload: { appointmentId: appointment.json().id, coachingTitle: 'Coaching', coachingAmount: 80 },
  });
  // An issued invoice of practice B: a past booked appointment with a fee entry, billed.
  const past = await call(t.app, foreignCookie, {
    method: 'POST',
    url: '/api/appointment',
    payload: { appointmentStart: '2024-03-04 09:00', appointmentEnd: '2024-03-04 10:00' },
  });
  await call(t.app, foreignCookie, {
    method: 'PATCH',
    url: `/api/appointment/${past.json().id}/book`,
    payload: { clientId: patientId, street: 'Weg 1', postalCode: '10115', city: 'Berlin', sendEmails: false },
  });
  await call(t.app, foreignCookie, {
    method: 'POST',
    url: '/api/appointment/medical-fee-appointment',
    payload: { appointmentId: past.json().id, coachingTitle: 'Coaching', coachingAmount: 80 },
  });
  const invoice = await call(t.app, foreignCookie, {
    method: 'POST',
    url: '/api/invoice',
    payload: { appointmentIds: [past.json().id] },
  });
  expect(invoice.statusCode, invoice.body).toBe(201);
  // And a payment reminder of it (the patient has the address a notice needs), once it is overdue (§286 BGB).
  await t.database.db
    .update(invoices)
    .set({ dueDate: '2024-03-18' })
    .where(eq(invoices.id, invoice.json().list[0].id as number));
  const notice = await call(t.app, foreignCookie, {
    method: 'POST',
    url: '/api/invoice/overdue-notice',
    payload: { invoiceId: invoice.json().list[0].id, type: 'reminder' },
  });
  expect(notice.statusCode, notice.body).toBe(201);
  // And practice B's own invoice for its plan, as a paid month makes it.
  const [payment] = await t.database.db
    .insert(payments)
    .values({
      customerId: foreignPracticeId,
      provider: 'sandbox',
      providerPaymentId: 'foreign_plan',
      amountCents: 3499,
    })
    .returning();
  await asSystem(() =>
    issuePlanInvoice(t.app.ctx, payment?.id ?? -1, foreignPracticeId, new Date(), { notify: false }),
  );
  const [planInvoice] = await t.database.db
    .select()
    .from(planInvoices)
    .where(eq(planInvoices.customerId, foreignPracticeId));
  // A bank credit of practice B still waiting to be assigned.
  const [bankEntry] = await t.database.db
    .insert(bankStatementEntries)
    .values({
      customerId: foreignPracticeId,
      entryKey: 'foreign-credit',
      bookingDate: '2026-11-20',
      amountCents: 8000,
      reference: 'Rechnung 1',
      debtorName: 'Fremd Patient',
    })
    .returning();
  // A passkey of practice B's therapist (only its owner may rename or remove it).
  const [passkey] = await t.database.db
    .insert(passkeys)
    .values({
      userId: foreignTherapist.id,
      credentialId: 'foreign-credential',
      publicKey: new Uint8Array(77),
      name: 'Fremd',
    })
    .returning();
  foreign = {
    passkeyId: passkey?.id ?? -1,
    planInvoiceId: planInvoice?.id ?? -1,
    bankEntryId: bankEntry?.id ?? -1,
    invoiceId: invoice.json().list[0].id as number,
    practiceId: foreignPracticeId,
    therapistId: foreignTherapist.id,
    patientId,
    linkId: link?.id ?? -1,
    diagnosisId: diagnosis.json().id as number,
    appointmentTypeId: appointmentType.json().id as number,
    appointmentId: appointment.json().id as number,
    feeId: fee.json().id as number,
    noticeId: notice.json().id as number,
  };
});
afterAll(() => t.close());

/** Where else a call can leave a trace: mails, text messages, video metadata and links, push subscriptions. */
const SIDE_TABLES = [
  'mail_outbox',
  'sms_outbox',
  'video_sessions',
  'video_therapist_tokens',
  'video_patient_links',
  'push_subscriptions',
];

async function sideTableCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of SIDE_TABLES) {
    const [row] = await queryRows<{ count: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS count FROM ${sql.identifier(table)}`,
    );
    counts[table] = row?.count ?? 0;
  }
  return counts;
}

/**
 * What a call left behind, with the addressed id blanked: the acting practice's audit rows, the platform's record of
 * refused probes, and how many rows it added to or removed from the other tables a call can write (mails, SMS, video).
 * A foreign id must leave the same trace as a missing one, and never an audit row about a patient of another practice
 * (the list would name them). Requests send no queue jobs (only the queue's own schedules do).
 */
async function traced<T>(send: () => Promise<T>, addressedId: number) {
  const [last] = await t.database.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  const [lastProbe] = await t.database.db
    .select({ id: accessProbes.id })
    .from(accessProbes)
    .orderBy(desc(accessProbes.id))
    .limit(1);
  const countsBefore = await sideTableCounts();
  const answer = await send();
  const rows = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.customerId, ownPracticeId), gt(auditLog.id, last?.id ?? 0)));
  const probes = await t.database.db
    .select()
    .from(accessProbes)
    .where(gt(accessProbes.id, lastProbe?.id ?? 0));
  const countsAfter = await sideTableCounts();
  const blank = (id: string | null) => (id === String(addressedId) ? 'addressed' : id);
  const trace = {
    audit: rows.map((row) => ({
      action: row.action,
      resource: row.resource,
      outcome: row.outcome,
      patientId: row.patientId,
      resourceId: blank(row.resourceId),
    })),
    probes: probes.map((probe) => ({
      action: probe.action,
      resource: probe.resource,
      outcome: probe.outcome,
      targetId: blank(probe.targetId),
    })),
    changedRows: SIDE_TABLES.map((table) => [table, (countsAfter[table] ?? 0) - (countsBefore[table] ?? 0)]).filter(
      ([, change]) => change !== 0,
    ),
  };
  return { answer, trace };
}

const withoutRequestId = (body: string) => {
  try {
    const { requestId: _, ...rest } = JSON.parse(body) as Record<string, unknown>;
    return rest;
  } catch {
    return body;
  }
};

describe('another practice’s ids answer like missing ones', () => {
  it('every signed-in route with an id has a probe', () => {
    const routes = idRoutes().map((route) => `${route.method} ${route.url}`);
    expect(routes.length).toBeGreaterThan(5);
    expect(routes.filter((route) => !PROBES[route])).toEqual([]);
  });

  // Every route with an id, twice per role, with its traces read back: hundreds of requests, beyond a test's usual time.
  it('answers a foreign id exactly like a missing one, for every role of the practice', async () => {
    for (const route of idRoutes()) {
      const probe = PROBES[`${route.method} ${route.url}`];
      if (!probe) continue;
      for (const [role, cookie] of Object.entries(cookies)) {
        const send = (id: number) =>
          call(t.app, cookie, {
            method: route.method as InjectOptions['method'],
            url: route.url.replace(/:\w+/, String(id)),
            ...(probe.request?.(route.url) ?? {}),
          });
        const { answer: missing, trace: missingTrace } = await traced(() => send(MISSING_ID), MISSING_ID);
        const foreignId = probe.foreignId();
        const { answer: foreignAnswer, trace: foreignTrace } = await traced(() => send(foreignId), foreignId);
        const label = `${role}: ${route.method} ${route.url}`;
        expect(foreignTrace, label).toEqual(missingTrace);
        expect(
          foreignTrace.audit.filter((row) => row.patientId === foreign.patientId),
          label,
        ).toEqual([]);
        // The probe's body must pass validation, or the comparison would prove nothing.
        expect(missing.statusCode, label).not.toBe(422);
        expect(missing.statusCode, label).toBeGreaterThanOrEqual(400);
        expect(foreignAnswer.statusCode, label).toBe(missing.statusCode);
        expect(withoutRequestId(foreignAnswer.body), label).toEqual(withoutRequestId(missing.body));
      }
    }
    // Nothing of practice B changed.
    const [foreignPractice] = await t.database.db.select().from(customers).where(eq(customers.id, foreign.practiceId));
    expect(foreignPractice).toMatchObject({ deactivated: false, city: 'Berlin' });
    const [foreignAppointment] = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, foreign.appointmentId));
    expect(foreignAppointment).toMatchObject({ state: 'available', notes: null });
    const [foreignInvoice] = await t.database.db.select().from(invoices).where(eq(invoices.id, foreign.invoiceId));
    expect(foreignInvoice).toMatchObject({ state: 'created' });
  }, 180_000);
});
