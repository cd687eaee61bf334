import {
  checkRoleChoice,
  hasRole,
  JOB_TITLE_TYPES,
  type Language,
  PRACTICE_ROLES,
  Role,
  SALUTATIONS,
  type StaffUser,
  type StaffUserUpdate,
  staffUserUpdateSchema,
  THERAPISTS,
  TITLES,
  ValidationKey as V,
} from '@praxia/shared';

/** The user form's values (people §3 staff user) as the inputs hold them: text for empty choices. */
export type UserFormValues = {
  salutation: string;
  salutationSearchable: boolean;
  title: string;
  firstName: string;
  lastName: string;
  jobTitleType: string;
  jobTitleFreetext: string;
  roles: number;
  customerId: string;
  email: string;
  website: string;
  phone: string;
  phoneCountry: string;
  /** The interface language (and of the user's mails); `languages` below are those the therapist speaks. */
  language: Language;
  languages: string[];
  therapeuticFocus: string[];
  treatmentMethods: string[];
  coverageTypes: string[];
  therapistProfileText: string;
  billingInformation: string;
  vita: string;
  advertising: boolean;
  pushNotificationAgree: boolean;
  conditionsAccepted: boolean;
};

/** Who edits whom: decides which fields show and what is sent (people §6). */
export type UserFormMode = {
  kind: 'self' | 'other' | 'create';
  actorRoles: number;
};

export const emptyUserForm = (roles: number = Role.SECRETARY, customerId = ''): UserFormValues => ({
  salutation: '',
  salutationSearchable: true,
  title: '',
  firstName: '',
  lastName: '',
  jobTitleType: '',
  jobTitleFreetext: '',
  roles,
  customerId,
  email: '',
  website: '',
  phone: '',
  phoneCountry: 'DE',
  language: 'de',
  languages: ['de'],
  therapeuticFocus: [],
  treatmentMethods: [],
  coverageTypes: [],
  therapistProfileText: '',
  billingInformation: '',
  vita: '',
  advertising: false,
  pushNotificationAgree: false,
  conditionsAccepted: true,
});

export function toUserFormValues(user: StaffUser): UserFormValues {
  return {
    salutation: user.salutation ?? '',
    salutationSearchable: user.salutationSearchable,
    title: user.title ?? '',
    firstName: user.firstName,
    lastName: user.lastName,
    jobTitleType: user.jobTitleType ?? '',
    jobTitleFreetext: user.jobTitleFreetext ?? '',
    roles: user.roles,
    customerId: user.customerId === null ? '' : String(user.customerId),
    email: user.email,
    website: user.website ?? '',
    phone: user.phone ?? '',
    phoneCountry: user.phoneCountry,
    language: user.language,
    languages: user.languages,
    therapeuticFocus: user.therapeuticFocus,
    treatmentMethods: user.treatmentMethods,
    coverageTypes: user.coverageTypes,
    therapistProfileText: user.therapistProfileText ?? '',
    billingInformation: user.billingInformation ?? '',
    vita: user.vita ?? '',
    advertising: user.advertising === 'show',
    pushNotificationAgree: user.pushNotificationAgree,
    conditionsAccepted: user.conditionsAccepted,
  };
}

export const isTherapistRole = (roles: number) => hasRole(roles, THERAPISTS);
export const isAssistantOnly = (roles: number) => hasRole(roles, Role.SECRETARY) && !isTherapistRole(roles);
/** Roles are edited by admins, owners and DRS therapists, never for oneself (people §6). */
export const canEditRoles = (mode: UserFormMode) =>
  mode.kind !== 'self' && hasRole(mode.actorRoles, Role.ADMIN | Role.CUSTOMER_ADMIN | Role.THERAPIST_DRS);
/** The practice selector: admins and owners for another non-admin user (people §6). */
export const canChoosePractice = (mode: UserFormMode, roles: number) =>
  mode.kind !== 'self' && hasRole(mode.actorRoles, Role.ADMIN | Role.CUSTOMER_ADMIN) && roles !== Role.ADMIN;
export const canAdvertise = (mode: UserFormMode, roles: number) =>
  hasRole(mode.actorRoles, Role.ADMIN) && isTherapistRole(roles);

const salutation = (value: string) =>
  (SALUTATIONS as readonly string[]).includes(value) ? (value as (typeof SALUTATIONS)[number]) : null;
const title = (value: string) =>
  (TITLES as readonly string[]).includes(value) ? (value as (typeof TITLES)[number]) : null;
const jobTitle = (value: string) =>
  (JOB_TITLE_TYPES as readonly string[]).includes(value) ? (value as (typeof JOB_TITLE_TYPES)[number]) : null;

/** What the form sends: only the fields this editor may send (roles, practice, advertising, e-mail by people §6). */
export function toUserPayload(values: UserFormValues, mode: UserFormMode) {
  const payload: Record<string, unknown> = {
    salutation: salutation(values.salutation),
    salutationSearchable: values.salutationSearchable,
    title: title(values.title),
    firstName: values.firstName,
    lastName: values.lastName,
    jobTitleType: jobTitle(values.jobTitleType),
    jobTitleFreetext: values.jobTitleType === 'other' ? values.jobTitleFreetext : null,
    language: values.language,
    languages: values.languages,
    therapeuticFocus: values.therapeuticFocus,
    treatmentMethods: values.treatmentMethods,
    coverageTypes: values.coverageTypes,
    therapistProfileText: values.therapistProfileText,
    billingInformation: values.billingInformation,
    vita: values.vita,
  };
  if (!isAssistantOnly(values.roles)) {
    payload.website = values.website;
    payload.phone = values.phone;
    payload.phoneCountry = values.phoneCountry;
  }
  if (mode.kind !== 'other') payload.email = values.email;
  if (mode.kind === 'self') {
    payload.pushNotificationAgree = values.pushNotificationAgree;
    payload.conditionsAccepted = values.conditionsAccepted;
  }
  if (mode.kind === 'create' || canEditRoles(mode)) payload.roles = values.roles;
  if (mode.kind === 'create' || canChoosePractice(mode, values.roles)) {
    payload.customerIds = values.customerId ? [Number(values.customerId)] : [];
  }
  if (canAdvertise(mode, values.roles)) payload.advertising = values.advertising ? 'show' : 'no';
  return payload;
}

/** The shared rules plus the cross-field ones of people §5, as field → message key. */
export function validateUserForm(values: UserFormValues, mode: UserFormMode): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = staffUserUpdateSchema.safeParse(toUserPayload(values, mode));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      const name = field === 'customerIds' ? 'customerId' : field;
      errors[name] ??= issue.message.startsWith('error.') ? issue.message : V.invalidValue;
    }
  }
  if (mode.kind === 'self' && !values.conditionsAccepted) errors.conditionsAccepted = V.termsRequired;
  if (isTherapistRole(values.roles)) {
    if (!values.jobTitleType) errors.jobTitleType = V.mustSelect;
    else if (values.jobTitleType === 'other' && !values.jobTitleFreetext.trim()) errors.jobTitleFreetext = V.required;
  }
  if (mode.kind === 'create' || canEditRoles(mode)) {
    const roleError = checkRoleChoice(values.roles, mode.actorRoles);
    if (roleError && (mode.kind === 'create' || roleError !== V.rolesNotAllowed)) errors.roles = roleError;
  }
  const needsPractice =
    hasRole(values.roles, PRACTICE_ROLES) && (mode.kind === 'create' || canChoosePractice(mode, values.roles));
  if (needsPractice && !values.customerId) errors.customerId = V.practiceRequired;
  return errors;
}

export type UserPayload = StaffUserUpdate;
