import { Role } from '@praxia/shared';
import { describe, expect, it } from 'vitest';
import { getSidebarModel, type SidebarModel } from './sidebar-model';

const NOW = new Date('2026-03-10T12:00:00Z');
const FILES = {
  terms: '/docs/terms.pdf',
  patientTerms: '/docs/patient-terms.pdf',
  processingAgreement: '/docs/av.pdf',
};

function keysOf(model: SidebarModel): string[] {
  return [
    ...model.top.map((link) => link.key),
    ...(model.settings ? [model.settings.link.key, ...model.settings.children.map((link) => link.key)] : []),
    ...(model.upgrade ? [model.upgrade.key] : []),
    ...(model.showTherapistFilter ? ['therapistFilter'] : []),
    ...model.bottom.map((link) => link.key),
  ];
}

const BOTTOM = ['logout', 'help', 'terms', 'imprint', 'privacy'];

describe('getSidebarModel', () => {
  it('shows a therapist the treatment items and their settings', () => {
    const model = getSidebarModel({ roles: Role.THERAPIST, trialExpiresAt: null }, FILES, NOW);
    expect(keysOf(model)).toEqual([
      'main',
      'calendar',
      'patients',
      'invoices',
      'settings',
      'appointmentTypes',
      'profile',
      'invoiceSettings',
      'userList',
      ...BOTTOM,
    ]);
  });

  it('shows an admin the practices but no calendar, patients or invoices', () => {
    const model = getSidebarModel({ roles: Role.ADMIN, trialExpiresAt: null }, FILES, NOW);
    expect(keysOf(model)).toEqual(['main', 'customers', 'settings', 'profile', 'userList', ...BOTTOM]);
  });

  it('adds the therapist filter for assistants only', () => {
    expect(getSidebarModel({ roles: Role.SECRETARY, trialExpiresAt: null }, FILES, NOW).showTherapistFilter).toBe(true);
    expect(getSidebarModel({ roles: Role.THERAPIST, trialExpiresAt: null }, FILES, NOW).showTherapistFilter).toBe(
      false,
    );
  });

  it('adds the upgrade item and the processing agreement for an owner in a running trial', () => {
    const model = getSidebarModel(
      { roles: Role.THERAPIST | Role.CUSTOMER_ADMIN, trialExpiresAt: '2026-03-20T00:00:00Z' },
      FILES,
      NOW,
    );
    expect(model.upgrade?.to).toBe('/customer/upgrade');
    expect(model.top.map((link) => link.key)).toContain('calendar');
    expect(model.bottom.at(-1)).toEqual({ key: 'processingAgreement', to: '/docs/av.pdf', kind: 'download' });
  });

  it('shows only the upgrade item and the bottom links once the trial has expired', () => {
    const model = getSidebarModel(
      { roles: Role.THERAPIST | Role.CUSTOMER_ADMIN, trialExpiresAt: '2026-03-01T00:00:00Z' },
      FILES,
      NOW,
    );
    expect(keysOf(model)).toEqual(['upgrade', ...BOTTOM, 'processingAgreement']);
  });

  it('gives a patient only the overview, their documents and their profile', () => {
    const model = getSidebarModel({ roles: Role.REGISTERED, trialExpiresAt: null }, FILES, NOW);
    expect(keysOf(model)).toEqual(['main', 'patientDocuments', 'patientProfile', ...BOTTOM]);
  });

  it("links a patient to the patients' terms of use and staff to the practices' terms", () => {
    const termsOf = (roles: number) =>
      getSidebarModel({ roles, trialExpiresAt: null }, FILES, NOW).bottom.find((link) => link.key === 'terms')?.to;
    expect(termsOf(Role.REGISTERED)).toBe('/docs/patient-terms.pdf');
    expect(termsOf(Role.THERAPIST)).toBe('/docs/terms.pdf');
    expect(termsOf(Role.SECRETARY)).toBe('/docs/terms.pdf');
  });
});
