import { Role } from '@praxia/shared';
import { describe, expect, it } from 'vitest';
import { decideGuard } from './guard-decision';

const NOW = new Date('2026-03-10T12:00:00Z');
const expiredOwner = { roles: Role.THERAPIST | Role.CUSTOMER_ADMIN, trialExpiresAt: '2026-03-01T00:00:00Z' };
const therapist = { roles: Role.THERAPIST, trialExpiresAt: null };
const patient = { roles: Role.REGISTERED, trialExpiresAt: null };

describe('decideGuard', () => {
  it('sends guests to login and remembers where they wanted to go', () => {
    expect(decideGuard(null, { permission: ['main', 'read'] }, '/main', NOW)).toEqual({
      kind: 'redirect',
      to: '/login',
      remember: true,
    });
  });

  it('leads staff whose practice requires a second factor to its enrolment, wherever they wanted to go', () => {
    const unenrolled = { ...therapist, mustEnrolSecondFactor: true };
    expect(decideGuard(unenrolled, { permission: ['settings', 'read'] }, '/settings', NOW)).toEqual({
      kind: 'redirect',
      to: '/user/two-factor-setup',
      remember: false,
    });
    expect(decideGuard({ ...therapist, mustEnrolSecondFactor: false }, {}, '/main', NOW)).toEqual({ kind: 'allow' });
  });

  it('lets a permitted user in', () => {
    expect(decideGuard(therapist, { permission: ['settings', 'read'] }, '/settings', NOW)).toEqual({ kind: 'allow' });
  });

  it('sends a user without the permission to their start page instead', () => {
    expect(decideGuard(patient, { permission: ['settings', 'read'] }, '/settings', NOW)).toEqual({
      kind: 'redirect',
      to: '/main',
      remember: false,
    });
  });

  it('forces the upgrade screen while the trial has expired, except where allowed', () => {
    expect(decideGuard(expiredOwner, { permission: ['main', 'read'] }, '/main', NOW)).toEqual({
      kind: 'redirect',
      to: '/customer/upgrade',
      remember: false,
    });
    expect(
      decideGuard(
        expiredOwner,
        { permission: ['user', 'read'], allowWhenTrialExpired: true },
        '/customer/upgrade',
        NOW,
      ),
    ).toEqual({ kind: 'allow' });
  });

  it('lets a section in with any of its permissions and sends others where the section says', () => {
    const section = {
      anyPermission: [
        ['customer', 'read'],
        ['customerDetail', 'read'],
      ],
      allowWhenTrialExpired: true,
      deniedTo: '/login',
    } as const;
    const assistant = { roles: Role.SECRETARY, trialExpiresAt: null };
    const admin = { roles: Role.ADMIN, trialExpiresAt: null };
    expect(decideGuard(assistant, section, '/customer', NOW)).toEqual({ kind: 'allow' });
    expect(decideGuard(admin, section, '/customer/list', NOW)).toEqual({ kind: 'allow' });
    expect(decideGuard(expiredOwner, section, '/customer/upgrade', NOW)).toEqual({ kind: 'allow' });
    expect(decideGuard(patient, section, '/customer', NOW)).toEqual({
      kind: 'redirect',
      to: '/login',
      remember: false,
    });
  });
});
