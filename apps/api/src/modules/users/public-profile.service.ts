import { hasRole, type PublicProfile, publicProfileSchema, THERAPISTS } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import { notFound } from '../../plugins/errors.js';
import { findPublicPractices } from './public-profile.repo.js';
import { findUserById, type UserRow } from './users.repo.js';
import { sanitiseVita } from './vita.js';

/** Whether this user may be shown to guests at all: an active therapist account (never a patient or assistant). */
const isPublicTherapist = (user: UserRow | undefined): user is UserRow =>
  user !== undefined && hasRole(user.roles, THERAPISTS) && user.isAccount && !user.deleted && !user.deactivated;

/** The therapist and their public practices, or undefined when a guest may not see them. */
async function findPublicTherapist(ctx: AppContext, userId: number) {
  const user = await findUserById(ctx.db, userId);
  if (!isPublicTherapist(user)) return undefined;
  const practices = await findPublicPractices(ctx.db, userId);
  return practices.length > 0 ? { user, practices } : undefined;
}

/** Everything else answers exactly like an unknown id: a guest cannot tell a patient's id from a free one. */
const userNotFound = () => notFound('User not found');

/**
 * GET /user/{id} for a guest (spec appointments §3, §7): a listed therapist's public profile. The answer is parsed
 * through the shared schema, so only its fields leave the server, whatever the row holds.
 */
export async function getPublicProfile(ctx: AppContext, userId: number): Promise<PublicProfile> {
  const found = await findPublicTherapist(ctx, userId);
  if (!found) throw userNotFound();
  const { user, practices } = found;
  return publicProfileSchema.parse({
    id: user.id,
    title: user.title,
    firstName: user.firstName,
    lastName: user.lastName,
    // The search hides a salutation its owner chose not to show; so does the profile.
    salutation: user.salutationSearchable ? user.salutation : null,
    jobTitleType: user.jobTitleType,
    jobTitleFreetext: user.jobTitleFreetext,
    hasAvatar: user.avatarKey !== null,
    avatar: user.avatarKey !== null ? `/api/user/${user.id}/avatar` : null,
    customers: practices.map((practice) => ({
      id: practice.id,
      name: practice.name,
      street: practice.street,
      postalCode: practice.postal_code,
      city: practice.city,
      longitude: practice.longitude === null ? null : Number(practice.longitude),
      latitude: practice.latitude === null ? null : Number(practice.latitude),
    })),
    // The therapist's own number (their profile form's phone); without one, the practice's, as at registration.
    phone: user.phone ?? practices.find((practice) => practice.phone)?.phone ?? null,
    website: user.website,
    therapeuticFocus: user.therapeuticFocus,
    treatmentMethods: user.treatmentMethods,
    languages: user.languages,
    coverageTypes: user.coverageTypes,
    therapistProfileText: user.therapistProfileText,
    billingInformation: user.billingInformation,
    // Stored sanitised; sanitised again on the way out, so an older row or a direct write cannot reach a page.
    vita: user.vita ? sanitiseVita(user.vita) : null,
  });
}

/** The avatar of a therapist with a public profile, for guests; anyone else's answers 404 like a missing one. */
export async function getPublicAvatar(ctx: AppContext, userId: number) {
  const found = await findPublicTherapist(ctx, userId);
  const key = found?.user.avatarKey;
  const data = key ? await ctx.storage.get(key) : null;
  if (!key || !data) throw notFound('Avatar not found');
  return { data, key };
}
