import { z } from 'zod';
import { publicTherapistNameFields } from './search-schemas.js';

/** A practice as a guest sees it on a therapist's profile: the address and its postal code's point on the map. */
export const publicProfilePracticeSchema = z.object({
  id: z.number(),
  name: z.string(),
  street: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  /** The practice's postal code's point (GeoNames); null when the code is unknown. */
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
});
export type PublicProfilePractice = z.infer<typeof publicProfilePracticeSchema>;

/**
 * GET /user/{id} for a guest (spec appointments §3 "Therapist public profile"): the answer is serialised through
 * this schema, so a field not named here (e-mail, roles, tax number, internal notes) never leaves the server.
 */
export const publicProfileSchema = z.object({
  ...publicTherapistNameFields,
  /** Where the picture is served (GET /user/{id}/avatar, public for these therapists); null without one. */
  avatar: z.string().nullable(),
  /** The practices the therapist is listed at (not deactivated or cancelled). */
  customers: z.array(publicProfilePracticeSchema),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  therapeuticFocus: z.array(z.string()),
  treatmentMethods: z.array(z.string()),
  /** ISO 639 codes. */
  languages: z.array(z.string()),
  coverageTypes: z.array(z.string()),
  therapistProfileText: z.string().nullable(),
  billingInformation: z.string().nullable(),
  /** Rich text, sanitised on the server to bold, underline, paragraphs and line breaks. */
  vita: z.string().nullable(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;
