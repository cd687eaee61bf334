import { type PublicProfile, publicProfileSchema } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import { notFound } from '../../plugins/errors.js';
import { findPublicTherapist, sanitiseVita } from '../users/index.js';

/** Everything else answers exactly like an unknown id: a guest cannot tell a patient's id from a free one. */
const userNotFound = () => notFound('User not found');

/**
 * GET /user/{id} for a guest (spec appointments §3, §7): a listed therapist's public profile. The answer is parsed
 * through the shared schema, so only its fields leave the server, whatever the row holds.
 */
export async function getPublicProfile(ctx: AppContext, userId: number): Promise<PublicProfile> {
  const found = await findPublicTherapist(ctx.db, userId);
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
