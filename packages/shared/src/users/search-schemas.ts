import { z } from 'zod';
import { plainText } from '../common/fields.js';
import { ValidationKey as V } from '../errors.js';

/** Result cards per page of the therapist search (issue 9: a pager of 40). */
export const THERAPIST_SEARCH_PAGE_SIZE = 40;
export const THERAPIST_SEARCH_MAX_LIMIT = 100;
/** Deeper pages than this are not useful to a visitor and would only make the database skip rows. */
export const THERAPIST_SEARCH_MAX_PAGE = 1000;

/** GET /user/searchPostalCode (spec appointments §7): a German postal code of five digits. */
export const therapistSearchQuerySchema = z.object({
  postalCode: plainText(V.required)
    .trim()
    .min(1, { message: V.required, abort: true })
    .regex(/^\d{5}$/, V.postalCode),
  limit: z.coerce.number().int().min(1).max(THERAPIST_SEARCH_MAX_LIMIT).default(THERAPIST_SEARCH_PAGE_SIZE),
  page: z.coerce.number().int().min(1).max(THERAPIST_SEARCH_MAX_PAGE).default(1),
});
export type TherapistSearchQuery = z.infer<typeof therapistSearchQuerySchema>;

/** The name block a guest sees of a therapist, on the search's cards and on the public profile. */
export const publicTherapistNameFields = {
  id: z.number(),
  title: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  /** Only when the therapist lets the salutation be shown (salutationSearchable); else null. */
  salutation: z.string().nullable(),
  jobTitleType: z.string().nullable(),
  jobTitleFreetext: z.string().nullable(),
  hasAvatar: z.boolean(),
};

/**
 * What a guest may see of a listed therapist: the public fields only. The answer is serialised through this
 * schema, so a field not named here never leaves the server.
 */
export const therapistSearchUserSchema = z.object({
  ...publicTherapistNameFields,
  practice: z.object({
    name: z.string(),
    street: z.string().nullable(),
    postalCode: z.string().nullable(),
    city: z.string().nullable(),
  }),
});
export type TherapistSearchUser = z.infer<typeof therapistSearchUserSchema>;

export const therapistSearchResultSchema = z.object({
  /** Kilometres from the searched postal code's point to the practice's: one decimal below 10 km, then whole. */
  distance: z.number(),
  customerId: z.number(),
  /** The earliest bookable slot (after now plus its type's booking deadline), or null. */
  nextFreeAppointment: z.object({ id: z.number(), startsAt: z.string(), endsAt: z.string() }).nullable(),
  user: therapistSearchUserSchema,
});
export type TherapistSearchResult = z.infer<typeof therapistSearchResultSchema>;

export const therapistSearchSchema = z.object({
  /** The searched postal code and its place ('Hamburg' for 20095): the page's title and heading name it. */
  place: z.object({ postalCode: z.string(), name: z.string() }),
  list: z.array(therapistSearchResultSchema),
  maxItems: z.number(),
  limit: z.number(),
  pages: z.number(),
});
export type TherapistSearch = z.infer<typeof therapistSearchSchema>;
