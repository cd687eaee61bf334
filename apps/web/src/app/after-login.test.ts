import { Role } from '@praxia/shared';
import { describe, expect, it } from 'vitest';
import { getAfterLoginPath, isRememberablePath, isTrialExpired } from './after-login';

const NOW = new Date('2026-03-10T12:00:00Z');
const past = '2026-03-01T00:00:00Z';
const future = '2026-03-20T00:00:00Z';

const owner = (trialExpiresAt: string | null) => ({ roles: Role.THERAPIST | Role.CUSTOMER_ADMIN, trialExpiresAt });
const therapist = { roles: Role.THERAPIST, trialExpiresAt: null };
const secretary = { roles: Role.SECRETARY, trialExpiresAt: null };
const admin = { roles: Role.ADMIN, trialExpiresAt: null };
const patient = { roles: Role.REGISTERED, trialExpiresAt: null };

/** With every landing screen available, as the spec describes the order. */
const go = (user: Parameters<typeof getAfterLoginPath>[0], remembered: string | null, now: Date) =>
  getAfterLoginPath(user, remembered, now, () => true);

describe('getAfterLoginPath', () => {
  it('sends an owner whose trial has expired to the upgrade screen, even with a remembered target', () => {
    expect(go(owner(past), '/settings', NOW)).toBe('/customer/upgrade');
    expect(go(owner(past), null, NOW)).toBe('/customer/upgrade');
  });

  it('sends staff whose practice requires a second factor to its enrolment first, even past an expired trial', () => {
    expect(go({ ...secretary, mustEnrolSecondFactor: true }, '/settings', NOW)).toBe('/user/two-factor-setup');
    expect(go({ ...owner(past), mustEnrolSecondFactor: true }, null, NOW)).toBe('/user/two-factor-setup');
  });

  it('does not force the upgrade screen while the trial runs or when there is none', () => {
    expect(go(owner(future), null, NOW)).toBe('/appointment/list');
    expect(go(owner(null), null, NOW)).toBe('/appointment/list');
  });

  it('goes to a path remembered before login', () => {
    expect(go(therapist, '/settings?tab=1#top', NOW)).toBe('/settings?tab=1#top');
    expect(go(owner(future), '/customer/upgrade', NOW)).toBe('/customer/upgrade');
  });

  it('otherwise picks the appointment list, then the user list, then main', () => {
    expect(go(therapist, null, NOW)).toBe('/appointment/list');
    expect(go(secretary, null, NOW)).toBe('/appointment/list');
    expect(go({ roles: Role.THERAPIST_DRS, trialExpiresAt: null }, null, NOW)).toBe('/appointment/list');
    // Admins have no appointment access but may read the user list.
    expect(go(admin, null, NOW)).toBe('/user/list');
    // A practice owner without therapist role: user list.
    expect(go({ roles: Role.CUSTOMER_ADMIN, trialExpiresAt: future }, null, NOW)).toBe('/user/list');
    expect(go(patient, null, NOW)).toBe('/main');
  });

  it('skips landing screens that do not exist yet and falls back to main', () => {
    const withoutAppointments = (path: string) => path !== '/appointment/list';
    expect(getAfterLoginPath(admin, null, NOW, withoutAppointments)).toBe('/user/list');
    expect(getAfterLoginPath(therapist, null, NOW, withoutAppointments)).toBe('/user/list');
    expect(getAfterLoginPath(therapist, null, NOW, () => false)).toBe('/main');
  });

  it('ignores remembered targets that would leave the app or loop back to login', () => {
    expect(go(therapist, '//evil.example/phish', NOW)).toBe('/appointment/list');
    expect(go(therapist, 'https://evil.example', NOW)).toBe('/appointment/list');
    expect(go(therapist, '/login?x=1', NOW)).toBe('/appointment/list');
    expect(go(therapist, '/logout', NOW)).toBe('/appointment/list');
    expect(go(patient, '', NOW)).toBe('/main');
  });
});

describe('isTrialExpired', () => {
  it('only applies to practice owners', () => {
    expect(isTrialExpired(owner(past), NOW)).toBe(true);
    expect(isTrialExpired({ roles: Role.THERAPIST, trialExpiresAt: past }, NOW)).toBe(false);
    expect(isTrialExpired(owner(future), NOW)).toBe(false);
  });
});

describe('isRememberablePath', () => {
  it('accepts in-app paths only', () => {
    expect(isRememberablePath('/main')).toBe(true);
    expect(isRememberablePath('/\\evil.example')).toBe(false);
    expect(isRememberablePath(null)).toBe(false);
  });
});
