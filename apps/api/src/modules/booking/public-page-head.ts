import {
  THERAPIST_PROFILE_PREFIX,
  THERAPIST_SEARCH_PAGE_PREFIX,
  therapistProfilePath,
  therapistSearchPath,
} from '@praxia/shared/public-pages';
import { germanTherapistPageText as text } from '@praxia/shared/therapist-page-texts';
import {
  isPostalCode,
  missingProfileHead,
  type PageHead,
  pageFromSearch,
  postalCodeFromPath,
  profileIdsFromPath,
  profilePageHead,
  searchPageHead,
} from '@praxia/shared/therapist-pages';
import type { AppContext } from '../../context.js';
import { findPublicTherapist } from '../users/index.js';
import { findPostalCodePlace } from './therapist-search.repo.js';

/** A public page's head as the server writes it into the HTML; a missing profile answers 404. */
export type ServedPageHead = PageHead & { canonicalPath: string | null; isMissing: boolean };

async function searchHead(ctx: AppContext, pathname: string, search: string): Promise<ServedPageHead> {
  const postalCode = postalCodeFromPath(pathname, THERAPIST_SEARCH_PAGE_PREFIX);
  const page = pageFromSearch(search);
  const placeName = isPostalCode(postalCode) ? await findPostalCodePlace(ctx.db, postalCode) : null;
  const head = searchPageHead(text, { postalCode, page, placeName, isUnknown: placeName === null });
  // Each page of the results is its own page (not a copy of page 1), so each names itself.
  const canonicalPath = `${therapistSearchPath(postalCode)}${page > 1 ? `?page=${page}` : ''}`;
  return { ...head, canonicalPath, isMissing: false };
}

async function profileHead(ctx: AppContext, pathname: string): Promise<ServedPageHead> {
  const ids = profileIdsFromPath(pathname, THERAPIST_PROFILE_PREFIX);
  const found = ids ? await findPublicTherapist(ctx.db, ids.therapistId) : undefined;
  const practice = found?.practices.find((candidate) => candidate.id === ids?.customerId);
  if (!ids || !found || !practice) return { ...missingProfileHead(text), canonicalPath: null, isMissing: true };
  const { user } = found;
  return {
    ...profilePageHead(text, { ...user, practiceName: practice.name }),
    canonicalPath: therapistProfilePath(ids.therapistId, ids.customerId),
    isMissing: false,
  };
}

/**
 * The head of the therapist search and profile pages (spec appointments §2.5, §2.6), which crawlers and link
 * previews read without running the page's scripts; null for every other public page.
 */
export async function publicPageHead(ctx: AppContext, url: string): Promise<ServedPageHead | null> {
  const queryStart = url.indexOf('?');
  const pathname = queryStart < 0 ? url : url.slice(0, queryStart);
  const search = queryStart < 0 ? '' : url.slice(queryStart);
  if (pathname.startsWith(THERAPIST_SEARCH_PAGE_PREFIX)) return searchHead(ctx, pathname, search);
  if (pathname.startsWith(THERAPIST_PROFILE_PREFIX)) return profileHead(ctx, pathname);
  return null;
}
