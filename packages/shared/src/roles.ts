/** Role bit flags as the spec defines them; a user may combine several. */
export const Role = {
  GUEST: 1,
  REGISTERED: 2,
  ADMIN: 4,
  SECRETARY: 8,
  THERAPIST: 16,
  CUSTOMER_ADMIN: 32,
  THERAPIST_DRS: 64,
} as const;

export type RoleName = keyof typeof Role;

export const ALL_ROLES: readonly RoleName[] = Object.keys(Role) as RoleName[];

/** Every role a signed-in user can have (everything but guest). */
export const SIGNED_IN =
  Role.REGISTERED | Role.ADMIN | Role.SECRETARY | Role.THERAPIST | Role.CUSTOMER_ADMIN | Role.THERAPIST_DRS;

export const STAFF = Role.ADMIN | Role.SECRETARY | Role.THERAPIST | Role.CUSTOMER_ADMIN | Role.THERAPIST_DRS;

/** Roles that treat patients; they and their assistants see therapist invoice settings. */
export const THERAPISTS = Role.THERAPIST | Role.THERAPIST_DRS;

export function hasRole(mask: number, role: number): boolean {
  return (mask & role) !== 0;
}

/** Role names contained in a mask, for display and logs. */
export function roleNames(mask: number): RoleName[] {
  return ALL_ROLES.filter((name) => hasRole(mask, Role[name]));
}

/** A patient's own account: the registered role and no staff role (spec people §2: a client sees the patient form). */
export function isPatientAccount(mask: number): boolean {
  return hasRole(mask, Role.REGISTERED) && !hasRole(mask, STAFF);
}
