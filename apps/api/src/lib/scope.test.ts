import { Role } from '@praxia/shared';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { appointments } from '../db/schema.js';
import {
  calendarRows,
  forTherapist,
  practiceRows,
  reachesTherapist,
  rowScopeOf,
  type Scope,
  scopeOf,
  systemScope,
  therapistRows,
} from './scope.js';
import { testActor as actor, TEST_PRACTICE as PRACTICE } from './test-actor.js';

const therapist = scopeOf(actor(Role.THERAPIST));
const treatingOwner = scopeOf(actor(Role.THERAPIST | Role.CUSTOMER_ADMIN));
const owner = scopeOf(actor(Role.CUSTOMER_ADMIN));
const assistant = scopeOf(actor(Role.SECRETARY));
const admin = scopeOf(actor(Role.ADMIN, { practiceId: null, customerIds: [] }));
const patient = scopeOf(actor(0, { practiceId: null, customerIds: [], patientOfPracticeId: PRACTICE }));
const stranger = scopeOf(actor(Role.THERAPIST, { practiceId: null, customerIds: [] }));

const own = { customerId: PRACTICE, therapistId: 100 };
const colleague = { customerId: PRACTICE, therapistId: 101 };
const foreign = { customerId: PRACTICE + 1, therapistId: 100 };
const reach = (scope: Scope, of: 'records' | 'calendars') =>
  [own, colleague, foreign].map((row) => reachesTherapist(scope, row, of));

const dialect = new PgDialect();
const render = (condition: Parameters<PgDialect['sqlToQuery']>[0]) => dialect.sqlToQuery(condition);

describe('the caller’s scope', () => {
  it('is built once per request (actor)', () => {
    const caller = actor(Role.THERAPIST);
    expect(scopeOf(caller)).toBe(scopeOf(caller));
  });

  it('gives a therapist their own patients, invoices and calendar in the acting practice only', () => {
    expect(reach(therapist, 'records')).toEqual([true, false, false]);
    expect(reach(therapist, 'calendars')).toEqual([true, false, false]);
  });

  it('gives assistants every therapist of the practice, records and calendars (spec appointments §6)', () => {
    expect(reach(assistant, 'records')).toEqual([true, true, false]);
    expect(reach(assistant, 'calendars')).toEqual([true, true, false]);
  });

  it('gives owners the practice’s records, but a treating owner only their own calendar', () => {
    expect(reach(treatingOwner, 'records')).toEqual([true, true, false]);
    expect(reach(treatingOwner, 'calendars')).toEqual([true, false, false]);
    expect(reach(owner, 'calendars')).toEqual([false, false, false]);
  });

  it('makes a platform admin without a practice the named system scope, a patient their practice, others nothing', () => {
    expect(admin).toEqual({ kind: 'system', purpose: 'platform admin' });
    expect(rowScopeOf(patient)).toBe(PRACTICE);
    expect(reach(patient, 'records')).toEqual([false, false, false]);
    expect(rowScopeOf(stranger)).toBe('none');
    expect(rowScopeOf(assistant)).toBe(PRACTICE);
  });

  it('narrows to a named therapist only within what the caller reaches', () => {
    expect(forTherapist(assistant, 101)).toMatchObject({ practiceId: PRACTICE, therapistIds: [101] });
    expect(forTherapist(therapist, 101)).toBeNull();
    expect(forTherapist(therapist, 100)).toMatchObject({ therapistIds: [100] });
    expect(forTherapist(treatingOwner, 101, 'calendars')).toBeNull();
    expect(forTherapist(patient, 100)).toBeNull();
  });
});

describe('the scope in SQL', () => {
  it('filters by the practice, and by the reached therapists where the scope has them', () => {
    expect(render(practiceRows(therapist, appointments.customerId))).toMatchObject({ params: [PRACTICE] });
    const mine = render(therapistRows(therapist, appointments.customerId, appointments.therapistId));
    expect(mine.sql).toContain('"therapist_id" in');
    expect(mine.params).toEqual([PRACTICE, 100]);
    const practice = render(calendarRows(assistant, appointments.customerId, appointments.therapistId));
    expect(practice.sql).not.toContain('therapist_id');
  });

  it('lets the named system scope see every practice and a scope without a practice see nothing', () => {
    expect(render(practiceRows(systemScope('reminder job'), appointments.customerId)).sql).toBe('true');
    expect(render(practiceRows(stranger, appointments.customerId)).sql).toBe('false');
    expect(render(calendarRows(owner, appointments.customerId, appointments.therapistId)).sql).toBe('false');
  });
});
