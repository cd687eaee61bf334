import { describe, expect, it } from 'vitest';
import { isUserDeactivated } from './list-schemas.js';

const link = (deactivated: boolean) => ({ id: 1, customerId: 1, deactivated });

describe('isUserDeactivated (spec people §4)', () => {
  it('counts a user without practice (the platform admin) as active until their own flag is set', () => {
    expect(isUserDeactivated({ deleted: false, deactivated: false, customerUsers: [] })).toBe(false);
    expect(isUserDeactivated({ deleted: false, deactivated: true, customerUsers: [] })).toBe(true);
  });

  it('counts deleted users and users with a deactivated practice assignment as deactivated', () => {
    expect(isUserDeactivated({ deleted: true, deactivated: false, customerUsers: [link(false)] })).toBe(true);
    expect(isUserDeactivated({ deleted: false, deactivated: false, customerUsers: [link(false), link(true)] })).toBe(
      true,
    );
    expect(isUserDeactivated({ deleted: false, deactivated: false, customerUsers: [link(false)] })).toBe(false);
  });
});
