import { AppointmentValidationKey, ErrorCode } from '@praxia/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../plugins/errors.js';
import type { AppointmentTypeRow } from '../appointment-types/index.js';
import { assertStateAllows, assertTimeRange, endOf, mapOverlap } from './appointment-rules.js';
import type { AppointmentRow } from './appointments.repo.js';

const at = (iso: string) => new Date(iso);
const row = (state: AppointmentRow['state']) => ({ state }) as AppointmentRow;
const type50 = { durationMinutes: 50 } as AppointmentTypeRow;

/** The refusal a call throws, as status, code and field keys (what the client reads). */
function refusal(call: () => unknown) {
  try {
    call();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.status, code: error.code, fields: error.fields };
  }
  throw new Error('no refusal');
}

describe('endOf (spec appointments §5: picking a type sets the end)', () => {
  it('keeps a given end, else adds the type’s duration, else asks for an end', () => {
    const start = at('2031-01-06T09:00:00Z');
    expect(endOf(start, at('2031-01-06T09:30:00Z'), type50)).toEqual(at('2031-01-06T09:30:00Z'));
    expect(endOf(start, undefined, type50)).toEqual(at('2031-01-06T09:50:00Z'));
    expect(refusal(() => endOf(start, undefined, null))).toMatchObject({
      status: 422,
      fields: { appointmentEnd: ['error.required'] },
    });
  });
});

describe('assertTimeRange (spec appointments §5)', () => {
  it('accepts an end after the start on the same practice day', () => {
    expect(() => assertTimeRange(at('2031-01-06T08:00:00Z'), at('2031-01-06T09:00:00Z'))).not.toThrow();
  });

  it('refuses an end at or before the start', () => {
    const start = at('2031-01-06T08:00:00Z');
    const endBeforeStart = { status: 422, fields: { appointmentEnd: [AppointmentValidationKey.endBeforeStart] } };
    expect(refusal(() => assertTimeRange(start, start))).toMatchObject(endBeforeStart);
    expect(refusal(() => assertTimeRange(start, at('2031-01-06T07:00:00Z')))).toMatchObject(endBeforeStart);
  });

  it('refuses an appointment over midnight in Berlin, even when UTC says one day', () => {
    // 22:30 to 00:30 Berlin time (winter, UTC+1) is 21:30 to 23:30 UTC: one UTC day, two practice days.
    expect(refusal(() => assertTimeRange(at('2031-01-06T21:30:00Z'), at('2031-01-06T23:30:00Z')))).toMatchObject({
      status: 422,
      fields: { appointmentEnd: [AppointmentValidationKey.multipleDays] },
    });
  });
});

describe('assertStateAllows (spec appointments §4.1)', () => {
  it('lets an available slot be booked and refuses booking a taken one with the booking conflict', () => {
    expect(() => assertStateAllows(row('available'), 'book')).not.toThrow();
    expect(refusal(() => assertStateAllows(row('taken'), 'book'))).toMatchObject({
      status: 409,
      code: ErrorCode.appointmentNotAvailable,
    });
  });

  it('refuses deleting a billed appointment with the spec’s billed conflict', () => {
    expect(() => assertStateAllows(row('taken'), 'delete')).not.toThrow();
    expect(refusal(() => assertStateAllows(row('billed'), 'delete'))).toMatchObject({
      status: 409,
      code: ErrorCode.appointmentBilled,
    });
  });
});

describe('mapOverlap', () => {
  const overlap = Object.assign(new Error('conflicting key value violates exclusion constraint'), {
    constraint: 'appointments_no_overlap',
  });

  it('turns the exclusion constraint into the spec’s 409, naming a series’ first conflicting date', async () => {
    const failing = () => Promise.reject(new Error('write failed', { cause: overlap }));
    await expect(mapOverlap(failing)).rejects.toMatchObject({ status: 409, code: ErrorCode.appointmentOverlaps });
    await expect(mapOverlap(failing, at('2031-01-13T08:00:00Z'))).rejects.toMatchObject({
      params: { date: '13.01.2031 09:00' },
    });
  });

  it('passes other failures and successes through unchanged', async () => {
    const other = new Error('connection lost');
    await expect(mapOverlap(() => Promise.reject(other))).rejects.toBe(other);
    await expect(mapOverlap(async () => 7)).resolves.toBe(7);
  });
});
