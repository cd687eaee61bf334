import { mayDoAction, Role } from '@praxia/shared';
import { describe, expect, it } from 'vitest';
import { calendarBillingActions } from './billing-actions';

describe('calendarBillingActions', () => {
  it('offers a DRS therapist no billing action, alone or as practice owner', () => {
    for (const roles of [Role.THERAPIST_DRS, Role.THERAPIST_DRS | Role.CUSTOMER_ADMIN]) {
      expect(calendarBillingActions(roles)).toEqual({
        mayMarkBillable: false,
        mayInvoice: false,
        hasBillingMenu: false,
      });
      // The appointment dialog's "Abrechenbar machen" button follows the same matrix.
      expect(mayDoAction(roles, 'taken', 'markBillable')).toBe(false);
    }
  });

  it('offers therapists and assistants marking billable and invoicing', () => {
    for (const roles of [Role.THERAPIST, Role.SECRETARY, Role.THERAPIST | Role.CUSTOMER_ADMIN]) {
      expect(calendarBillingActions(roles)).toEqual({ mayMarkBillable: true, mayInvoice: true, hasBillingMenu: true });
    }
  });
});
