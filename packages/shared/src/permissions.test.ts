import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS, type Privilege, type Resource } from './permissions.js';
import { ALL_ROLES, isPatientAccount, Role } from './roles.js';

const { GUEST, REGISTERED, ADMIN, SECRETARY, THERAPIST, CUSTOMER_ADMIN, THERAPIST_DRS } = Role;

/**
 * The spec's role descriptions (foundations §6, appointments §6) as explicit expectations.
 * Each row: role, resource, privilege, expected.
 */
const EXPECTATIONS: [number, Resource, Privilege, boolean][] = [
  // Guest: only public pages, nothing from the matrix.
  [GUEST, 'main', 'read', false],
  [GUEST, 'user', 'read', false],
  // Registered (patient): own profile and edit, nothing of the staff.
  [REGISTERED, 'user', 'read', true],
  [REGISTERED, 'user', 'edit', true],
  [REGISTERED, 'userList', 'read', false],
  [REGISTERED, 'settings', 'read', false],
  [REGISTERED, 'patientSelf', 'edit', true],
  [THERAPIST, 'patientSelf', 'edit', false],
  [CUSTOMER_ADMIN | SECRETARY | ADMIN | THERAPIST_DRS, 'patientSelf', 'read', false],
  [REGISTERED, 'appointment', 'read', false],
  // Admin: users and practices, settings; no appointment or invoice access.
  [ADMIN, 'userList', 'read', true],
  [ADMIN, 'userCreate', 'create', true],
  [ADMIN, 'userOthers', 'edit', true],
  [ADMIN, 'customer', 'read', true],
  [ADMIN, 'customer', 'create', true],
  [ADMIN, 'customer', 'edit', true],
  [ADMIN, 'customer', 'delete', true],
  [ADMIN, 'customerSettings', 'edit', true],
  [ADMIN, 'settings', 'read', true],
  [ADMIN, 'appointment', 'read', false],
  [ADMIN, 'invoice', 'read', false],
  [ADMIN, 'customerDetail', 'read', false],
  // Practice owner: settings, profile, user list, create assistants, edit others, customer detail and upgrade,
  // invoice list, delete invoice, edit patients.
  [CUSTOMER_ADMIN, 'settings', 'read', true],
  [CUSTOMER_ADMIN, 'userList', 'read', true],
  [CUSTOMER_ADMIN, 'userCreate', 'create', true],
  [CUSTOMER_ADMIN, 'userOthers', 'edit', true],
  [CUSTOMER_ADMIN, 'customerDetail', 'read', true],
  [CUSTOMER_ADMIN, 'customerUpgrade', 'read', true],
  [CUSTOMER_ADMIN, 'invoice', 'read', true],
  [CUSTOMER_ADMIN, 'invoice', 'delete', true],
  [CUSTOMER_ADMIN, 'patient', 'edit', true],
  [CUSTOMER_ADMIN, 'customer', 'create', false],
  [CUSTOMER_ADMIN, 'customer', 'delete', false],
  [CUSTOMER_ADMIN, 'customerSettings', 'edit', true],
  [CUSTOMER_ADMIN, 'processingAgreement', 'read', true],
  // Therapist: user list, patients (create), appointments, types, video, diagnosis, invoice list, settings.
  [THERAPIST, 'userList', 'read', true],
  [THERAPIST, 'patient', 'create', true],
  [THERAPIST, 'appointment', 'read', true],
  [THERAPIST, 'appointment', 'create', true],
  [THERAPIST, 'appointment', 'edit', true],
  [THERAPIST, 'appointment', 'delete', true],
  [THERAPIST, 'appointmentReject', 'edit', true],
  [THERAPIST, 'appointmentBillable', 'edit', true],
  [THERAPIST, 'appointmentBill', 'create', true],
  [THERAPIST, 'appointmentType', 'read', true],
  [THERAPIST, 'videoChat', 'create', true],
  [THERAPIST, 'diagnosis', 'create', true],
  [THERAPIST, 'invoice', 'read', true],
  [THERAPIST, 'invoiceSend', 'create', true],
  [THERAPIST, 'settings', 'read', true],
  [THERAPIST, 'appointmentOthers', 'read', false],
  [THERAPIST, 'invoice', 'delete', false],
  [THERAPIST, 'customer', 'read', false],
  [THERAPIST, 'processingAgreement', 'read', false],
  // Therapist-DRS: like therapist without bill, plus the invoice resource; no sending.
  [THERAPIST_DRS, 'appointment', 'read', true],
  [THERAPIST_DRS, 'appointmentBill', 'create', false],
  // Not billing, a DRS therapist has no use for the approval step before the invoice.
  [THERAPIST_DRS, 'appointmentBillable', 'edit', false],
  [THERAPIST_DRS, 'invoice', 'create', true],
  [THERAPIST_DRS, 'invoiceSend', 'create', false],
  // Assistant: like therapist, plus others' appointments, customer detail, bill, delete invoice.
  [SECRETARY, 'appointment', 'read', true],
  // …but not the video consultation: the patient meets their therapist, not the assistant (issue 10).
  [SECRETARY, 'videoChat', 'create', false],
  [THERAPIST_DRS, 'videoChat', 'create', true],
  [REGISTERED, 'videoChat', 'create', false],
  [SECRETARY, 'appointmentOthers', 'read', true],
  [SECRETARY, 'customerDetail', 'read', true],
  [SECRETARY, 'appointmentBill', 'create', true],
  [SECRETARY, 'invoice', 'delete', true],
  [SECRETARY, 'userOthers', 'edit', true],
  [SECRETARY, 'customer', 'read', false],
  // People §2: the practice forms of the profile edit screen are saved by admins, owners and assistants.
  [SECRETARY, 'customerSettings', 'edit', true],
  [THERAPIST | THERAPIST_DRS, 'customerSettings', 'edit', false],
];

describe('permission matrix', () => {
  it.each(EXPECTATIONS)('role %i on %s/%s is %s', (role, resource, privilege, expected) => {
    expect(can(role, resource, privilege)).toBe(expected);
  });

  it('combined roles hold the union of their privileges (therapist + owner)', () => {
    const owner = THERAPIST | CUSTOMER_ADMIN;
    expect(can(owner, 'appointment', 'create')).toBe(true);
    expect(can(owner, 'customerUpgrade', 'read')).toBe(true);
    expect(can(THERAPIST_DRS | CUSTOMER_ADMIN, 'appointmentBill', 'create')).toBe(false);
  });

  it('a patient account is the registered role without any staff role', () => {
    expect(isPatientAccount(REGISTERED)).toBe(true);
    expect(isPatientAccount(REGISTERED | THERAPIST)).toBe(false);
    expect(isPatientAccount(SECRETARY)).toBe(false);
    expect(isPatientAccount(GUEST)).toBe(false);
  });

  it('a privilege that is not in the matrix is refused for every role', () => {
    const all = ALL_ROLES.reduce((mask, name) => mask | Role[name], 0);
    expect(can(all, 'main', 'delete')).toBe(false);
  });

  it('the guest role holds nothing in the matrix', () => {
    for (const [resource, cells] of Object.entries(PERMISSIONS)) {
      for (const privilege of Object.keys(cells) as Privilege[]) {
        expect(can(GUEST, resource as Resource, privilege), `${resource}/${privilege}`).toBe(false);
      }
    }
  });
});
