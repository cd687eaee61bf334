import {
  creatableRoles,
  ErrorCode,
  hasRole,
  Role,
  type staffUserUpdateSchema,
  THERAPISTS,
  ValidationKey as V,
} from '@praxia/shared';
import type { z } from 'zod';
import type { users } from '../../db/schema.js';
import type { Actor } from '../../plugins/actor.js';
import { AppError, validationFailed } from '../../plugins/errors.js';
import { sanitiseVita } from './vita.js';

export type StaffUserFields = z.output<typeof staffUserUpdateSchema>;
type UserValues = Partial<typeof users.$inferInsert>;

/** The role rules of people §6 for a new or changed mask (422 on roles with the rule's message key). */
export function assertRoleChoice(roles: number, actor: Actor, previous = 0): void {
  let key: string | null = null;
  if (roles === 0) key = V.selectRole;
  else if (hasRole(roles, Role.ADMIN) && roles !== Role.ADMIN) key = V.adminExclusive;
  // Roles a user already holds may stay (an owner editing another owner); only what changes must be creatable.
  else if (((roles ^ previous) & ~creatableRoles(actor.roles)) !== 0) key = V.rolesNotAllowed;
  if (key)
    throw new AppError(ErrorCode.rolesNotAllowed, {
      status: 422,
      detail: 'These roles cannot be given.',
      fields: { roles: [key] },
    });
}

/**
 * Turns the profile part of the user form into column values, applying people §5/§6: website and phone are not
 * kept for assistants, advertising is set by admins for therapists only, the vita is sanitised, the job title is
 * required for therapists (with the free text when it is "other"), and the terms acceptance is dated.
 */
export function toProfileValues(
  input: StaffUserFields,
  context: {
    actor: Actor;
    roles: number;
    current?: {
      advertising: 'show' | 'no';
      jobTitleType: string | null;
      jobTitleFreetext: string | null;
      termsAcceptedAt: Date | null;
    };
    isRoleChange?: boolean;
  },
): UserValues {
  const { actor, roles, current } = context;
  const {
    email: _email,
    roles: _roles,
    customerIds: _customerIds,
    conditionsAccepted,
    vita,
    advertising,
    ...fields
  } = input;
  const values: UserValues = { ...fields };
  const isAssistantOnly = hasRole(roles, Role.SECRETARY) && !hasRole(roles, THERAPISTS);
  if (isAssistantOnly) {
    delete values.website;
    delete values.phone;
    delete values.phoneCountry;
  }
  if (advertising !== undefined && advertising !== (current?.advertising ?? 'no')) {
    if (!hasRole(actor.roles, Role.ADMIN) || !hasRole(roles, THERAPISTS)) {
      throw new AppError(ErrorCode.forbidden, {
        status: 403,
        detail: 'Only administrators can promote therapist profiles.',
        fields: {
          advertising: [V.rolesNotAllowed],
        },
      });
    }
    values.advertising = advertising;
  }
  if (vita !== undefined) values.vita = vita === null ? null : sanitiseVita(vita) || null;
  if (conditionsAccepted && !current?.termsAcceptedAt) values.termsAcceptedAt = new Date();
  // Checked when the form sends the job or the roles change (a partial update of other fields keeps what is stored).
  const isJobChecked =
    !current || input.jobTitleType !== undefined || input.jobTitleFreetext !== undefined || context.isRoleChange;
  if (isJobChecked && hasRole(roles, THERAPISTS)) {
    const jobTitleType = input.jobTitleType !== undefined ? input.jobTitleType : (current?.jobTitleType ?? null);
    const freetext =
      input.jobTitleFreetext !== undefined ? input.jobTitleFreetext : (current?.jobTitleFreetext ?? null);
    if (!jobTitleType) throw validationFailed('jobTitleType', V.required, 'A job title is required for therapists');
    if (jobTitleType === 'other' && !freetext) {
      throw validationFailed('jobTitleFreetext', V.required, 'The job title text is required for "other"');
    }
  }
  return values;
}
