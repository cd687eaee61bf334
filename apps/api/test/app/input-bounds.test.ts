import { customerUpdateSchema, historyNoteCreateSchema, Role } from '@praxia/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { call, createPractice, createTestApp, createUser, PASSWORD, signIn, type TestApp } from '../test-app.js';

/**
 * Generated over the registered routes: ids beyond the integer column, numbers out of range and NUL characters in
 * every text field must be refused with a 4xx by the shared schemas, never reach the database as a 500. Bodies start
 * from a valid example per route, so a field that stops refusing its bad value gets through to the database.
 */
type JsonSchema = { type?: string | string[]; anyOf?: JsonSchema[]; properties?: Record<string, JsonSchema> };
type Operation = { parameters?: { in: string; name: string; schema: JsonSchema }[]; requestBody?: unknown };
type Actor = { name: string; cookie: string; userId: number; practiceId: number };

const OUT_OF_RANGE = ['2147483648', '99999999999999999999'];
const NUL = 'a\u0000b';
const NEW_PASSWORD = 'Neues-Passwort-2026!';

// Well-formed passkey answers (they pass the schemas; no authenticator signed them).
const passkeyCredential = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', clientExtensionResults: {} };
const PASSKEY_ASSERTION = {
  ...passkeyCredential,
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
};
const PASSKEY_ATTESTATION = { ...passkeyCredential, response: { clientDataJSON: 'e30', attestationObject: 'AAAA' } };

/** A valid body per route that takes one (the route walk fails when a new route has none). */
const VALID_BODIES: Record<string, (actor: Actor) => Record<string, unknown>> = {
  'POST /api/version/v1': () => ({ version: '0.1.0' }),
  'POST /api/common/config': () => ({ language: 'de' }),
  'POST /api/user/login/credentials': () => ({ email: 'nobody@test.example.org', password: PASSWORD }),
  'POST /api/user/login/pin': () => ({ pin: '123456', loginToken: 'token' }),
  'POST /api/user/login/passkey/options': () => ({ loginToken: 'token' }),
  'POST /api/user/login/passkey': () => ({ response: PASSKEY_ASSERTION, loginToken: 'token' }),
  'POST /api/user/mfa/passkeys': () => ({ response: PASSKEY_ATTESTATION, name: 'Probe' }),
  'PATCH /api/user/mfa/passkeys/:id': () => ({ name: 'Probe' }),
  'POST /api/user/mfa/totp/confirm': () => ({ code: '123456' }),
  'DELETE /api/user/mfa/totp': () => ({ password: PASSWORD, code: '123456' }),
  'POST /api/user/password/reset': () => ({ email: 'nobody@test.example.org' }),
  'PATCH /api/user/password/:token': () => ({ password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD }),
  'POST /api/user/change-email': () => ({ token: 'token', password: PASSWORD }),
  'POST /api/customer/therapist': () => ({
    firstName: 'Hanna',
    lastName: 'Vogel',
    email: 'hanna-bounds@test.example.org',
    phone: '+4930123456',
    jobTitleType: 'psychologicalPsychotherapist',
    jobTitleFreetext: 'Beratung',
    taxNumber: '12/345/67890',
    terms: true,
    name: 'Praxis Vogel',
    street: 'Lindenallee 3',
    postalCode: '10115',
    city: 'Berlin',
    password: NEW_PASSWORD,
    passwordConfirm: NEW_PASSWORD,
  }),
  'POST /api/payment/webhook': () => ({ id: 'tr_unknown' }),
  'POST /api/payment/sandbox/:id': () => ({ outcome: 'paid' }),
  'PATCH /api/user/:id': () => ({ firstName: 'Erika', lastName: 'Muster', phone: '030 1234567' }),
  'POST /api/user/patient': () => ({ firstName: 'Paula', lastName: 'Probe', email: 'paula-bounds@test.example.org' }),
  'PATCH /api/user/patient/:id': () => ({ city: 'Berlin', patientNumber: '12' }),
  'POST /api/user/patient/record': () => ({
    patient: { firstName: 'Paula', lastName: 'Probe', email: 'paula-record@test.example.org' },
    feeDefaults: [{ codeValue: '870', incrementalRate: '2.3' }],
    diagnoses: [{ freeText: 'Probe', isDefault: true }],
  }),
  'PUT /api/user/patient/:id/record': () => ({ patient: { city: 'Berlin' }, feeDefaults: [], diagnoses: [] }),
  'PATCH /api/user/customer-user/:id': () => ({ deactivated: false }),
  'POST /api/user-diagnosis': (actor) => ({ userId: actor.userId, freeText: 'Probe' }),
  'POST /api/user-medical-fee-schedule': (actor) => ({
    userId: actor.userId,
    codeValue: '870',
    incrementalRate: '2.3',
  }),
  'POST /api/user-medical-fee-schedule/search': (actor) => ({ filter: { userId: [actor.userId] } }),
  'POST /api/user-medical-fee-schedule/delete': () => ({ filter: { id: [1] } }),
  'PUT /api/user/:id/invoice-settings': () => ({
    returnAddress: 'Praxis, Weg 1, 10115 Berlin',
    invoiceSignature: 'Erika Muster',
    invoiceAssessmentSessions: 'mark',
    invoicePatientNumber: 'show',
    billingApproval: false,
  }),
  'POST /api/customer': () => ({ name: 'Praxis Neu', street: 'Weg 1', postalCode: '10115', city: 'Berlin' }),
  'PATCH /api/customer/:id': () => ({
    name: 'Praxis am Park',
    city: 'Berlin',
    patientRemark: 'Hinweis',
    firstPatientNumber: 1,
    firstInvoiceNumber: 1,
    paymentTermInvoice: 14,
    paymentTermOverdueNotice: 14,
  }),
  'PATCH /api/customer/:id/deactivate': () => ({ deactivated: false }),
  'POST /api/user-medical-history/search': (actor) => ({ filter: { clientId: [actor.userId] } }),
  'POST /api/user-medical-history': (actor) => ({ clientId: actor.userId, note: 'Notiz' }),
  'POST /api/user-medical-history/save': () => ({ id: 1, state: 'deleted' }),
  'POST /api/user-medical-history/:id/share': () => ({ shared: true }),
  // Multipart only: a JSON body is refused with a 422 before anything is read.
  'POST /api/patient/documents': () => ({}),
  // Patients only: the walk's staff actors get a 403 (patient-profile.test.ts sends the bad values as the patient).
  'PATCH /api/patient/profile': () => ({ street: 'Weg 1', phone: '030 1234567', phoneCountry: 'DE' }),
  'POST /api/user': (actor) => ({
    firstName: 'Ida',
    lastName: 'Neu',
    email: 'ida-bounds@test.example.org',
    roles: Role.SECRETARY,
    customerIds: [actor.practiceId],
    website: 'praxis.de',
    languages: ['de'],
  }),
  'POST /api/user/password/change': () => ({
    currentPassword: PASSWORD,
    password: NEW_PASSWORD,
    passwordConfirm: NEW_PASSWORD,
  }),
  // Multipart (the image); the walk's JSON bodies are refused before anything is read.
  'PUT /api/user/:id/avatar': () => ({}),
  'POST /api/push-notification/subscription': () => ({
    endpoint: 'https://push.example.org/send/abc',
    keys: {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    },
  }),
  'DELETE /api/push-notification/subscription/:id': () => ({ endpoint: 'https://push.example.org/send/abc' }),
  'POST /api/appointmentTypes': () => ({ name: 'Erstgespräch', duration: 50, location: 'onSite' }),
  'PATCH /api/appointmentTypes/:id': () => ({ name: 'Erstgespräch', duration: '25', bookingDeadline: 'P1D' }),
  'PATCH /api/calendar-settings': () => ({ appointmentOnsiteNotificationDefault: false }),
  'POST /api/appointment': () => ({ appointmentStart: '2031-02-03 09:00', appointmentEnd: '2031-02-03 10:00' }),
  'PATCH /api/appointment/:id': () => ({ notes: 'Notiz', appointmentStart: '2031-02-03 09:00' }),
  'PATCH /api/appointment/:id/patient': () => ({ clientId: 1 }),
  'PATCH /api/appointment/:id/book': () => ({
    firstName: 'Paula',
    lastName: 'Probe',
    email: 'paula-book@test.example.org',
    phone: '030 1234567',
    phoneCountry: 'DE',
  }),
  'POST /api/appointment/copy': () => ({ appointmentId: 1, appointmentStart: '2031-02-03 11:00' }),
  'PATCH /api/appointment/state': (actor) => ({ state: 'billable', therapistIds: [actor.userId], appointmentIds: [1] }),
  'POST /api/appointment/medical-fee-appointment': () => ({
    appointmentId: 1,
    medicalFeeScheduleCodeValue: '870',
    incrementalRate: '2,3',
  }),
  'PATCH /api/appointment/medical-fee-appointment/:id': () => ({ coachingTitle: 'Coaching', coachingAmount: '80' }),
  'POST /api/calendar-settings/feed': () => ({}),
  'POST /api/video/session': () => ({ token: 'unknown-token-of-forty-three-characters-xx' }),
  'POST /api/invoice': () => ({ appointmentIds: [1] }),
  'PATCH /api/invoice/:id': () => ({ state: 'paid' }),
  'POST /api/invoice/overdue-notice/search': () => ({ invoiceId: 1 }),
  'POST /api/invoice/overdue-notice': () => ({ invoiceId: 1, type: 'reminder' }),
  'PATCH /api/invoice/overdue-notice/:id': () => ({ state: 'sent' }),
  // Multipart (the statement file); the walk's JSON bodies are refused before anything is read.
  'POST /api/invoice/bank-statement': () => ({}),
  'POST /api/invoice/bank-statement/entries/:id/assign': () => ({ invoiceId: 1 }),
  'POST /api/invoice-delivery/:token/download': () => ({ code: '123456' }),
  'POST /api/appointment/waiting-list': (actor) => ({
    therapistId: actor.userId,
    customerId: actor.practiceId,
    firstName: 'Wanda',
    lastName: 'Warte',
    email: 'wanda-bounds@test.example.org',
    consent: true,
  }),
};

/** Bodies the route reads itself (multipart or JSON), so the OpenAPI document does not describe them. */
const SELF_PARSED_BODIES: Record<string, JsonSchema> = {
  'PATCH /api/customer/:id': z.toJSONSchema(customerUpdateSchema, { io: 'input' }) as JsonSchema,
  'POST /api/user-medical-history': z.toJSONSchema(historyNoteCreateSchema, { io: 'input' }) as JsonSchema,
};

// GET logout ends the session the walk signs in with.
const SKIPPED = new Set(['GET /api/user/logout']);

let t: TestApp;
let actors: Actor[];
let paths: Record<string, Record<string, Operation>>;

beforeAll(async () => {
  t = await createTestApp();
  const practiceId = await createPractice(t.database);
  const admin = await createUser(t.database, { roles: Role.ADMIN });
  const owner = await createUser(t.database, { roles: Role.THERAPIST | Role.CUSTOMER_ADMIN, practiceId });
  actors = [
    { name: 'admin', cookie: await signIn(t.app, admin.email), userId: admin.id, practiceId },
    { name: 'owner', cookie: await signIn(t.app, owner.email), userId: owner.id, practiceId },
  ];
  paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
});
afterAll(() => t.close());

const routes = () =>
  t.app.routeAccess.filter(
    (route) =>
      route.url.startsWith('/api/') &&
      !route.url.startsWith('/api/docs') &&
      route.method !== 'HEAD' &&
      !SKIPPED.has(`${route.method} ${route.url}`),
  );

const operationOf = (method: string, url: string) =>
  paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()] ?? {};

const kindsOf = (schema: JsonSchema): string[] => [
  ...[schema.type ?? []].flat(),
  ...(schema.anyOf ?? []).flatMap((option) => kindsOf(option)),
];

/** The route's path with the actor's own records, so a bad value elsewhere reaches the database. */
const ownPath = (url: string, actor: Actor) =>
  url
    .replace(/\/user\/:id/, `/user/${actor.userId}`)
    .replace(/\/customer\/:id/, `/customer/${actor.practiceId}`)
    .replace(/:(\w+)/g, 'some-token');

/** The bad values for one schema: NUL for text, out-of-range numbers for numbers. */
const badValues = (schema: JsonSchema): unknown[] => {
  const kinds = kindsOf(schema);
  return [
    ...(kinds.includes('string') ? [NUL, `${NUL}@test.example.org`] : []),
    ...(kinds.some((kind) => kind === 'integer' || kind === 'number') ? [2 ** 31, 1e20] : []),
  ];
};

function* badRequests(method: string, url: string, actor: Actor): Generator<InjectOptions & { label: string }> {
  const key = `${method} ${url}`;
  const operation = operationOf(method, url);
  const hasBody = method !== 'GET' && method !== 'DELETE';
  const validBody = VALID_BODIES[key]?.(actor);
  const withBody = hasBody ? { payload: validBody ?? {} } : {};
  for (const id of [...OUT_OF_RANGE, encodeURIComponent(NUL)]) {
    if (!url.includes(':')) break;
    yield { label: `path ${id}`, method: method as 'GET', url: url.replace(/:(\w+)/g, id), ...withBody };
  }
  for (const parameter of operation.parameters?.filter((p) => p.in === 'query') ?? []) {
    for (const value of badValues(parameter.schema)) {
      const query = `${parameter.name}=${encodeURIComponent(String(value))}`;
      yield { label: `query ${query}`, method: method as 'GET', url: `${ownPath(url, actor)}?${query}`, ...withBody };
    }
  }
  const body =
    SELF_PARSED_BODIES[key] ??
    (operation.requestBody as { content?: Record<string, { schema: JsonSchema }> })?.content?.['application/json']
      ?.schema;
  for (const [field, schema] of Object.entries(body?.properties ?? {})) {
    for (const value of badValues(schema)) {
      yield {
        label: `body ${field}=${JSON.stringify(value)}`,
        method: method as 'POST',
        url: ownPath(url, actor),
        payload: { ...validBody, [field]: value },
      };
    }
  }
}

describe('no input gives a 500', () => {
  it('every route that takes a body has a valid example here', () => {
    for (const route of routes()) {
      const operation = operationOf(route.method, route.url);
      const key = `${route.method} ${route.url}`;
      if (operation.requestBody || SELF_PARSED_BODIES[key]) expect(VALID_BODIES[key], key).toBeDefined();
    }
  });

  // A value that is harmless where it lands may be accepted (the language falls back to German); none may fail.
  it('ids beyond the integer column, out-of-range numbers and NUL in text never give a 5xx, on any route', {
    timeout: 240_000,
  }, async () => {
    let sent = 0;
    for (const actor of actors) {
      for (const route of routes()) {
        for (const { label, ...request } of badRequests(route.method, route.url, actor)) {
          const response = await call(t.app, actor.cookie, request);
          sent++;
          expect(
            response.statusCode,
            `${actor.name} ${route.method} ${route.url} ${label}: ${response.body}`,
          ).toBeLessThan(500);
        }
      }
    }
    expect(sent).toBeGreaterThan(100);
  });
});
