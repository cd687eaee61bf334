import { can, type Permission } from '../permissions.js';

export const APPOINTMENT_STATES = ['available', 'taken', 'billable', 'billed'] as const;
export type AppointmentState = (typeof APPOINTMENT_STATES)[number];

/** What can be done to an appointment (spec appointments §4.1). */
export type AppointmentAction = 'edit' | 'book' | 'delete' | 'reject' | 'markBillable' | 'makeEditable' | 'bill';

/**
 * The state each action leads to, per state it is allowed in (spec §4.1): edit in available or taken; book only
 * available; reject only taken (the slot is free again); taken ⇄ billable; taken or billable → billed only by
 * invoicing; delete in every state but billed (the appointment is gone, so it leads to no state).
 */
const TRANSITIONS: Record<Exclude<AppointmentAction, 'delete'>, Partial<Record<AppointmentState, AppointmentState>>> = {
  edit: { available: 'available', taken: 'taken' },
  book: { available: 'taken' },
  reject: { taken: 'available' },
  markBillable: { taken: 'billable' },
  makeEditable: { billable: 'taken' },
  bill: { taken: 'billed', billable: 'billed' },
};

/** The permission each action needs on top of its state (spec §4.1, §6). */
export const ACTION_PERMISSIONS: Record<AppointmentAction, Permission> = {
  edit: ['appointment', 'edit'],
  book: ['appointment', 'edit'],
  delete: ['appointment', 'delete'],
  reject: ['appointmentReject', 'edit'],
  markBillable: ['appointmentBillable', 'edit'],
  makeEditable: ['appointmentBillable', 'edit'],
  bill: ['appointmentBill', 'create'],
};

/** Whether the state allows the action at all (permissions aside). */
export function isActionAllowedInState(state: AppointmentState, action: AppointmentAction): boolean {
  if (action === 'delete') return state !== 'billed';
  return TRANSITIONS[action][state] !== undefined;
}

/** The state after the action, or null when the state refuses it; delete answers null (nothing is left). */
export function nextAppointmentState(state: AppointmentState, action: AppointmentAction): AppointmentState | null {
  if (action === 'delete') return null;
  return TRANSITIONS[action][state] ?? null;
}

/** Whether a user with these roles may do the action in this state. */
export function mayDoAction(roles: number, state: AppointmentState, action: AppointmentAction): boolean {
  const [resource, privilege] = ACTION_PERMISSIONS[action];
  return can(roles, resource, privilege) && isActionAllowedInState(state, action);
}

/**
 * Form locks by state (spec §4.1): the form is editable unless billable or billed; appointment fields are locked when
 * billed; client fields when taken or billed, except while creating and booking in one go.
 */
export function appointmentFormLocks(state: AppointmentState, options: { isCreateAndBook?: boolean } = {}) {
  return {
    isEditable: state !== 'billable' && state !== 'billed',
    areAppointmentFieldsLocked: state === 'billed',
    areClientFieldsLocked: (state === 'taken' || state === 'billed') && !options.isCreateAndBook,
  };
}
