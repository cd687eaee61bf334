import { z } from 'zod';
import {
  boundedInt,
  emailField,
  idField,
  newPasswordSchema,
  optionalText,
  optionalTitleField,
  plainText,
  requiredText,
} from '../common/fields.js';
import { optionalPhoneField } from '../common/phone.js';
import { JOB_TITLE_TYPES, LANGUAGES, PASSWORD_MAX_LENGTH, PIN_TRANSPORT_METHODS, SALUTATIONS } from '../constants.js';
import { ValidationKey as V } from '../errors.js';
import { Role } from '../roles.js';
import {
  COVERAGE_TYPE_KEYS,
  SPOKEN_LANGUAGE_KEYS,
  THERAPEUTIC_FOCUS_KEYS,
  TREATMENT_METHOD_KEYS,
} from './profile-lists.js';
import { userSchema } from './schemas.js';

/** Profile texts, website, billing information and vita: at most 800 characters each (people §5, §9). */
export const PROFILE_TEXT_MAX = 800;
/** The vita's HTML may be longer than its visible text; this bounds the markup itself. */
export const VITA_HTML_MAX = 8000;
/** Avatar upload limit in bytes (people §9) and the side of the square the browser crops to. */
export const AVATAR_MAX_BYTES = 1_048_576;
export const AVATAR_MAX_SIDE = 400;
export const AVATAR_QUALITY = 0.4;

/** The visible characters of the vita's HTML (tags dropped, entities counted as one). */
export function vitaTextLength(html: string): number {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&[a-z]+;|&#\d+;/gi, '_').length;
}

/** 'praxis.de' → 'https://praxis.de'; an http(s) address stays as given (people §3: prefixed with https://). */
export function withHttps(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

const profileText = plainText()
  .trim()
  .max(PROFILE_TEXT_MAX, V.max800Signs)
  .nullish()
  .transform((value) => value || null);

const websiteField = plainText()
  .trim()
  .max(PROFILE_TEXT_MAX, V.max800Signs)
  .nullish()
  .transform((value) => (value ? withHttps(value) : null))
  .refine((value) => value === null || /^https?:\/\/[^\s/?#.]+\.[^\s]+$/i.test(value), V.invalidValue);

const vitaField = plainText()
  .trim()
  .max(VITA_HTML_MAX, V.max800Signs)
  .refine((value) => vitaTextLength(value) <= PROFILE_TEXT_MAX, V.max800Signs)
  .nullish()
  .transform((value) => value || null);

const keyList = <T extends [string, ...string[]]>(keys: T) => z.array(z.enum(keys)).max(keys.length);

/** Fields of the user form (people §3 staff user) that both create and update take. */
const staffUserFields = {
  salutation: z.enum(SALUTATIONS).nullable(),
  salutationSearchable: z.boolean(),
  title: optionalTitleField,
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: emailField,
  phone: optionalPhoneField,
  phoneCountry: plainText().regex(/^[A-Z]{2}$/, V.invalidValue),
  language: z.enum(LANGUAGES),
  pinTransportMethod: z.enum(PIN_TRANSPORT_METHODS),
  jobTitleType: z.enum(JOB_TITLE_TYPES).nullable(),
  jobTitleFreetext: optionalText(200),
  roles: boundedInt(0, 127),
  customerIds: z.array(idField).max(1, V.onePractice),
  website: websiteField,
  languages: keyList(SPOKEN_LANGUAGE_KEYS).min(1, V.languagesRequired),
  therapeuticFocus: keyList(THERAPEUTIC_FOCUS_KEYS),
  treatmentMethods: keyList(TREATMENT_METHOD_KEYS),
  coverageTypes: keyList(COVERAGE_TYPE_KEYS),
  therapistProfileText: profileText,
  billingInformation: profileText,
  vita: vitaField,
  advertising: z.enum(['show', 'no']),
  pushNotificationAgree: z.boolean(),
  /** The processing agreement (AV-Vertrag); when sent it must be accepted. */
  conditionsAccepted: z.literal(true, { error: V.termsRequired }),
};

/** PATCH /user/{id}: any subset of the user form; the server applies the role rules of people §6. */
export const staffUserUpdateSchema = z.object(staffUserFields).partial();
export type StaffUserUpdate = z.output<typeof staffUserUpdateSchema>;

/** POST /user: a new staff user; an invitation mail lets them set their password. */
export const staffUserCreateSchema = z.object(staffUserFields).partial().required({
  firstName: true,
  lastName: true,
  email: true,
  roles: true,
});
export type StaffUserCreate = z.output<typeof staffUserCreateSchema>;

/** The list's row actions (PATCH /user/{id}): activation, and stopping the practice's recurring debit. */
export const userRowActionSchema = z.object({
  deactivated: z.boolean().optional(),
  mollieSubscriptionId: z.null().optional(),
});

/** PATCH /user/{id} accepts the user form or the list's row actions. */
export const userPatchSchema = staffUserUpdateSchema.extend(userRowActionSchema.shape);
export type UserPatch = z.output<typeof userPatchSchema>;

/** A user's practice assignment with its own deactivated flag (people §3 customerUsers). */
export const practiceAssignmentSchema = z.object({ id: z.number(), customerId: z.number(), deactivated: z.boolean() });

/** GET /user/{id}: the full user for the user form (people §3 staff user). */
export const staffUserSchema = userSchema.extend({
  phoneCountry: z.string(),
  salutationSearchable: z.boolean(),
  website: z.string().nullable(),
  languages: z.array(z.string()),
  therapeuticFocus: z.array(z.string()),
  treatmentMethods: z.array(z.string()),
  coverageTypes: z.array(z.string()),
  therapistProfileText: z.string().nullable(),
  billingInformation: z.string().nullable(),
  vita: z.string().nullable(),
  advertising: z.enum(['show', 'no']),
  pushNotificationAgree: z.boolean(),
  conditionsAccepted: z.boolean(),
  hasAvatar: z.boolean(),
  customerUsers: z.array(practiceAssignmentSchema),
  /** Deactivated (people §4): deleted, without a practice assignment, or with a deactivated one. */
  isDeactivated: z.boolean(),
  /** The recurring debit of the user's practice, shown to those who may stop it. */
  mollieSubscriptionId: z.string().nullable(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

/** The roles each creator may give (people §6; an admin any staff role, an owner assistants, therapists and DRS). */
const STAFF_ROLE_BITS = Role.ADMIN | Role.SECRETARY | Role.THERAPIST | Role.CUSTOMER_ADMIN | Role.THERAPIST_DRS;

export function creatableRoles(actorRoles: number): number {
  if ((actorRoles & Role.ADMIN) !== 0) return STAFF_ROLE_BITS;
  let mask = 0;
  if ((actorRoles & Role.CUSTOMER_ADMIN) !== 0) mask |= Role.SECRETARY | Role.THERAPIST | Role.THERAPIST_DRS;
  // Therapists and DRS therapists may add assistants for themselves (the matrix grants them userCreate).
  if ((actorRoles & (Role.THERAPIST | Role.THERAPIST_DRS)) !== 0) mask |= Role.SECRETARY;
  return mask;
}

/** Roles rules of people §6 for a chosen mask; the message key of the first broken rule, or null. */
export function checkRoleChoice(roles: number, actorRoles: number): string | null {
  if (roles === 0) return V.selectRole;
  if ((roles & Role.ADMIN) !== 0 && roles !== Role.ADMIN) return V.adminExclusive;
  if ((roles & ~creatableRoles(actorRoles)) !== 0) return V.rolesNotAllowed;
  return null;
}

/** Roles that need a practice (people §5: therapists or assistants, and owners of a practice). */
export const PRACTICE_ROLES = Role.SECRETARY | Role.THERAPIST | Role.THERAPIST_DRS | Role.CUSTOMER_ADMIN;

export const pushSubscriptionSchema = z.object({
  endpoint: plainText(V.required)
    .trim()
    .max(2000)
    .pipe(z.url({ protocol: /^https?$/ })),
  expirationTime: z.number().nullish(),
  keys: z.object({ p256dh: plainText(V.required).max(200), auth: plainText(V.required).max(100) }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

export const countrySchema = z.object({ iso: z.string(), name: z.string(), phonePrefix: z.string().nullable() });
export const countryListSchema = z.object({ list: z.array(countrySchema) });
export type Country = z.infer<typeof countrySchema>;

/** POST /user/password/change: the current password, then the new one twice (people §2 change-password). */
export const passwordChangeSchema = newPasswordSchema.and(
  z.object({ currentPassword: plainText(V.required).min(1, V.required).max(PASSWORD_MAX_LENGTH) }),
);
export type PasswordChange = z.input<typeof passwordChangeSchema>;
