import { z } from 'zod';
import { INT4_MAX, idField, plainText } from '../common/fields.js';
import { PAGE_SIZES } from '../constants.js';
import { ValidationKey as V } from '../errors.js';

/** Whitelisted sort columns of the user list (spec people §2: lastName default, firstName, patientNumber). */
export const USER_LIST_ORDER = ['lastName', 'firstName', 'patientNumber'] as const;
export type UserListOrder = (typeof USER_LIST_ORDER)[number];

/** A query value that may come once (`a=1`), repeated (`a=1&a=2`) or comma separated (`a=1,2`). */
export const idList = z
  .union([plainText(), z.array(plainText())])
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((part) => part.split(','))
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => (/^\d{1,10}$/.test(part) ? Number(part) : Number.NaN)),
  )
  .pipe(z.array(z.number().int().positive().max(INT4_MAX)).max(100));

export const booleanParam = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');

export const userListQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .refine((value) => value === 0 || (PAGE_SIZES as readonly number[]).includes(value), V.invalidValue)
    .default(50)
    // Rows per page 0 means all: capped at 1000 (spec people §9).
    .transform((value) => (value === 0 ? 1000 : value)),
  page: z.coerce.number().int().min(1).max(INT4_MAX).default(1),
  orderBy: z.enum(USER_LIST_ORDER).default('lastName'),
  descending: booleanParam.default(false),
  customerIds: idList.optional(),
  /** Role masks; the patient list sends only the registered role (2). */
  rolesList: idList.optional(),
  therapistId: idField.optional(),
  searchString: plainText().trim().max(100).optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const customerUserSchema = z.object({
  id: z.number(),
  userId: z.number(),
  customerId: z.number(),
  deactivated: z.boolean(),
});
export type CustomerUser = z.infer<typeof customerUserSchema>;

export const userListRowSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  roles: z.number(),
  customers: z.array(z.object({ id: z.number(), name: z.string() })),
  customerUsers: z.array(customerUserSchema.omit({ userId: true })),
  deleted: z.boolean(),
  /** The user's own activation flag: what the toggle flips for a user without practice (the platform admin). */
  deactivated: z.boolean(),
  /** The practice's subscription id on owner rows, when the caller may stop it; otherwise null. */
  mollieSubscriptionId: z.string().nullable(),
  salutation: z.string().nullable(),
  title: z.string().nullable(),
  patientNumber: z.number().nullable(),
  hasAvatar: z.boolean(),
});
export type UserListRow = z.infer<typeof userListRowSchema>;

export const userListSchema = z.object({
  list: z.array(userListRowSchema),
  maxItems: z.number(),
  currentPage: z.number(),
  limit: z.number(),
});
export type UserList = z.infer<typeof userListSchema>;

export const customerUserQuerySchema = z.object({ userIds: idList });
export const customerUserListSchema = z.object({ list: z.array(customerUserSchema) });
export const customerUserPatchSchema = z.object({ deactivated: z.boolean() });

/** Spec people §8: the warnings for acting on oneself. */
export const NO_SELF_DELETE = 'Sie können sich nicht selbst löschen';
export const NO_SELF_DISABLE = 'Sie können sich nicht selbst deaktivieren';

/**
 * Spec people §4: a user counts as deactivated when deleted, when their own flag is set (what the toggle flips when
 * they have no practice), or with a deactivated practice assignment. Having no practice alone does not count: the
 * platform admin has none, and the list's toggle could then never show them as active again.
 */
export function isUserDeactivated(row: Pick<UserListRow, 'deleted' | 'deactivated' | 'customerUsers'>): boolean {
  return row.deleted || row.deactivated || row.customerUsers.some((link) => link.deactivated);
}
