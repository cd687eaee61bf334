import { can } from '@praxia/shared';

/**
 * The calendar's billing actions a user may take (spec foundations §6): a DRS therapist does not bill, so their
 * calendar offers neither "abrechenbar machen" nor "abrechnen" (the server refuses both as well).
 */
export function calendarBillingActions(roles: number) {
  const mayMarkBillable = can(roles, 'appointmentBillable', 'edit');
  const mayInvoice = can(roles, 'appointmentBill', 'create');
  return { mayMarkBillable, mayInvoice, hasBillingMenu: mayMarkBillable || mayInvoice };
}
