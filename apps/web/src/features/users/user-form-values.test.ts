import { Role } from '@praxia/shared';
import { describe, expect, it } from 'vitest';
import { emptyUserForm, toUserPayload, validateUserForm } from './user-form-values';

const owner = { kind: 'create', actorRoles: Role.THERAPIST | Role.CUSTOMER_ADMIN } as const;

describe('user form rules (people §5/§6)', () => {
  it('needs names, e-mail, a practice for assistants, and at least one role', () => {
    const values = { ...emptyUserForm(0), email: 'falsch' };
    expect(validateUserForm(values, owner)).toMatchObject({
      firstName: 'error.required',
      lastName: 'error.required',
      email: 'error.invalidEmail',
      roles: 'error.selectRole',
    });
    const assistant = { ...emptyUserForm(Role.SECRETARY), firstName: 'A', lastName: 'B', email: 'a@b.de' };
    expect(validateUserForm(assistant, owner)).toEqual({ customerId: 'error.practiceRequired' });
  });

  it('needs the job for therapists and its text when it is "other"; 800 characters at most', () => {
    const base = { ...emptyUserForm(Role.THERAPIST, '1'), firstName: 'A', lastName: 'B', email: 'a@b.de' };
    expect(validateUserForm(base, owner)).toEqual({ jobTitleType: 'error.mustSelect' });
    expect(validateUserForm({ ...base, jobTitleType: 'other' }, owner)).toEqual({ jobTitleFreetext: 'error.required' });
    const long = {
      ...base,
      jobTitleType: 'coachOrConsultant',
      therapistProfileText: 'x'.repeat(801),
      vita: `<p>${'y'.repeat(801)}</p>`,
    };
    expect(validateUserForm(long, owner)).toEqual({
      therapistProfileText: 'error.max800Signs',
      vita: 'error.max800Signs',
    });
  });

  it('refuses roles the actor may not give and admin combined with others', () => {
    const values = { ...emptyUserForm(Role.CUSTOMER_ADMIN, '1'), firstName: 'A', lastName: 'B', email: 'a@b.de' };
    expect(validateUserForm(values, owner).roles).toBe('error.rolesNotAllowed');
    const admin = { kind: 'create', actorRoles: Role.ADMIN } as const;
    expect(validateUserForm({ ...values, roles: Role.ADMIN | Role.SECRETARY }, admin).roles).toBe(
      'error.adminExclusive',
    );
  });

  it('sends roles, practice and e-mail only where people §6 allows, and no website or phone for assistants', () => {
    const values = { ...emptyUserForm(Role.SECRETARY, '7'), website: 'x.de', phone: '030 1234567' };
    const asOwner = toUserPayload(values, { kind: 'other', actorRoles: Role.CUSTOMER_ADMIN });
    expect(asOwner).toMatchObject({ roles: Role.SECRETARY, customerIds: [7] });
    expect(asOwner).not.toHaveProperty('email');
    expect(asOwner).not.toHaveProperty('website');
    const self = toUserPayload({ ...values, roles: Role.THERAPIST }, { kind: 'self', actorRoles: Role.THERAPIST });
    expect(self).not.toHaveProperty('roles');
    expect(self).toMatchObject({ email: '', website: 'x.de', conditionsAccepted: true });
  });

  it('sends the interface language in every mode, German for a new user until chosen otherwise', () => {
    expect(emptyUserForm(Role.SECRETARY, '7').language).toBe('de');
    const values = { ...emptyUserForm(Role.SECRETARY, '7'), language: 'en' as const };
    for (const mode of [
      owner,
      { kind: 'other', actorRoles: Role.ADMIN } as const,
      { kind: 'self', actorRoles: 2 } as const,
    ]) {
      expect(toUserPayload(values, mode)).toMatchObject({ language: 'en', languages: ['de'] });
    }
  });
});
