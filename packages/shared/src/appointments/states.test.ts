import { describe, expect, it } from 'vitest';
import { Role } from '../roles.js';
import {
  APPOINTMENT_STATES,
  type AppointmentAction,
  type AppointmentState,
  appointmentFormLocks,
  isActionAllowedInState,
  mayDoAction,
  nextAppointmentState,
} from './states.js';

// Spec §4.1, every pair written out: [state, action, state afterwards or 'refused' | 'gone'].
const TABLE: [AppointmentState, AppointmentAction, AppointmentState | 'refused' | 'gone'][] = [
  ['available', 'edit', 'available'],
  ['taken', 'edit', 'taken'],
  ['billable', 'edit', 'refused'],
  ['billed', 'edit', 'refused'],
  ['available', 'book', 'taken'],
  ['taken', 'book', 'refused'],
  ['billable', 'book', 'refused'],
  ['billed', 'book', 'refused'],
  ['available', 'delete', 'gone'],
  ['taken', 'delete', 'gone'],
  ['billable', 'delete', 'gone'],
  ['billed', 'delete', 'refused'],
  ['available', 'reject', 'refused'],
  ['taken', 'reject', 'available'],
  ['billable', 'reject', 'refused'],
  ['billed', 'reject', 'refused'],
  ['available', 'markBillable', 'refused'],
  ['taken', 'markBillable', 'billable'],
  ['billable', 'markBillable', 'refused'],
  ['billed', 'markBillable', 'refused'],
  ['available', 'makeEditable', 'refused'],
  ['taken', 'makeEditable', 'refused'],
  ['billable', 'makeEditable', 'taken'],
  ['billed', 'makeEditable', 'refused'],
  ['available', 'bill', 'refused'],
  ['taken', 'bill', 'billed'],
  ['billable', 'bill', 'billed'],
  ['billed', 'bill', 'refused'],
];

describe('appointment state machine', () => {
  it('covers every state and action', () => {
    const actions = new Set(TABLE.map(([, action]) => action));
    expect(TABLE).toHaveLength(APPOINTMENT_STATES.length * actions.size);
  });

  it.each(TABLE)('%s + %s → %s', (state, action, expected) => {
    expect(isActionAllowedInState(state, action)).toBe(expected !== 'refused');
    const next = nextAppointmentState(state, action);
    expect(next).toBe(expected === 'refused' || expected === 'gone' ? null : expected);
  });

  it('asks for the action’s permission on top of the state', () => {
    expect(mayDoAction(Role.THERAPIST, 'taken', 'reject')).toBe(true);
    expect(mayDoAction(Role.SECRETARY, 'taken', 'bill')).toBe(true);
    expect(mayDoAction(Role.THERAPIST_DRS, 'taken', 'bill')).toBe(false);
    expect(mayDoAction(Role.CUSTOMER_ADMIN, 'available', 'edit')).toBe(false);
    expect(mayDoAction(Role.ADMIN, 'available', 'delete')).toBe(false);
    expect(mayDoAction(Role.THERAPIST, 'billed', 'delete')).toBe(false);
  });

  it('locks the form by state; create-and-book keeps the client fields open', () => {
    expect(appointmentFormLocks('available')).toEqual({
      isEditable: true,
      areAppointmentFieldsLocked: false,
      areClientFieldsLocked: false,
    });
    expect(appointmentFormLocks('taken').areClientFieldsLocked).toBe(true);
    expect(appointmentFormLocks('taken', { isCreateAndBook: true }).areClientFieldsLocked).toBe(false);
    expect(appointmentFormLocks('billable').isEditable).toBe(false);
    expect(appointmentFormLocks('billed')).toEqual({
      isEditable: false,
      areAppointmentFieldsLocked: true,
      areClientFieldsLocked: true,
    });
  });
});
