import type { TherapistSearch } from '@praxia/shared/users/search-schemas';
import { getPublic, type PublicLoad } from '../therapists/public-api';

/**
 * One page of GET /user/searchPostalCode. The server's default page size is the spec's 40 (appointments §9); the
 * search schemas are imported for their types only, so zod stays out of this page.
 */
export function searchTherapists(postalCode: string, page: number): Promise<PublicLoad<TherapistSearch>> {
  const query = new URLSearchParams({ postalCode, page: String(page) });
  return getPublic<TherapistSearch>(`/api/user/searchPostalCode?${query}`);
}
