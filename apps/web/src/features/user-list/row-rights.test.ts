import { Role, type UserListRow } from '@praxia/shared';
import { describe, expect, it } from 'vitest';
import { rowActionRights } from './row-rights';

const row = (overrides: Partial<UserListRow> = {}): UserListRow => ({
  id: 2,
  firstName: 'Mia',
  lastName: 'Weber',
  email: 'mia@example.org',
  phone: null,
  roles: Role.THERAPIST,
  customers: [{ id: 1, name: 'Praxis' }],
  customerUsers: [{ id: 9, customerId: 1, deactivated: false }],
  deleted: false,
  deactivated: false,
  mollieSubscriptionId: null,
  salutation: null,
  title: null,
  patientNumber: null,
  hasAvatar: false,
  ...overrides,
});

describe('row action rights (spec people §2, §6)', () => {
  it('lets owners and admins (de)activate and delete staff; on their own row only to be warned, never to edit', () => {
    expect(rowActionRights(row(), false, 1, Role.CUSTOMER_ADMIN)).toMatchObject({
      toggleActive: true,
      delete: true,
      edit: true,
    });
    expect(rowActionRights(row({ id: 1 }), false, 1, Role.CUSTOMER_ADMIN)).toMatchObject({
      toggleActive: true,
      delete: true,
      edit: false,
    });
    expect(rowActionRights(row(), false, 1, Role.SECRETARY)).toMatchObject({
      toggleActive: false,
      delete: false,
      edit: true,
    });
    expect(rowActionRights(row(), false, 1, Role.THERAPIST)).toMatchObject({
      toggleActive: false,
      delete: false,
      edit: false,
    });
  });

  it('offers the iframe link for therapists and the debit stop only with a subscription', () => {
    expect(rowActionRights(row(), false, 1, Role.ADMIN).iframe).toBe(true);
    expect(rowActionRights(row({ roles: Role.SECRETARY }), false, 1, Role.ADMIN).iframe).toBe(false);
    expect(rowActionRights(row({ roles: Role.THERAPIST_DRS }), false, 1, Role.ADMIN).iframe).toBe(false);
    expect(rowActionRights(row(), false, 1, Role.ADMIN).stopDebit).toBe(false);
    expect(rowActionRights(row({ mollieSubscriptionId: 'sub_1' }), false, 1, Role.ADMIN).stopDebit).toBe(true);
  });

  it('in the patient list: edit and delete with the patient permission, medical history for therapists only', () => {
    const patient = row({ roles: Role.REGISTERED, customerUsers: [], patientNumber: 5 });
    expect(rowActionRights(patient, true, 1, Role.THERAPIST)).toMatchObject({
      edit: true,
      delete: true,
      medicalHistory: true,
      iframe: false,
      toggleActive: false,
    });
    expect(rowActionRights(patient, true, 1, Role.SECRETARY)).toMatchObject({ edit: true, medicalHistory: false });
  });
});
