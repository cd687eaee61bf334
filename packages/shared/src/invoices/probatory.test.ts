import { describe, expect, it } from 'vitest';
import { probatoryAppointmentIds } from './probatory.js';

const at = (day: number) => `2026-03-${String(day).padStart(2, '0')}T09:00:00+01:00`;
const on = { markProbatory: true };

describe('probatory sessions', () => {
  it('marks the first five appointments in time order, whatever order they come in', () => {
    const appointments = [7, 3, 1, 6, 2, 5, 4].map((day) => ({ id: day, startsAt: at(day), codes: ['870'] }));
    expect([...probatoryAppointmentIds(appointments, on)].sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('marks none when the therapist does not show them', () => {
    const appointments = [{ id: 1, startsAt: at(1), codes: ['870'] }];
    expect(probatoryAppointmentIds(appointments, { markProbatory: false }).size).toBe(0);
  });

  it('neither marks nor counts the consultation and acute-therapy codes', () => {
    const appointments = [
      { id: 'sprechstunde', startsAt: at(1), codes: ['812a'] },
      { id: 'notfall', startsAt: at(2), codes: ['812', '804'] },
      ...[3, 4, 5, 6, 7, 8].map((day) => ({ id: `p${day}`, startsAt: at(day), codes: ['870a', null] })),
    ];
    expect([...probatoryAppointmentIds(appointments, on)]).toEqual(['p3', 'p4', 'p5', 'p6', 'p7']);
  });

  it('marks coaching-only appointments like any other', () => {
    const appointments = [{ id: 1, startsAt: new Date(at(1)), codes: [null] }];
    expect([...probatoryAppointmentIds(appointments, on)]).toEqual([1]);
  });
});
