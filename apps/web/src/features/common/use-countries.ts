import type { Country } from '@praxia/shared';
import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../lib/api-client';

const listCountries = async () => (await dataOf(api.GET('/api/common/countries'))).list;

/**
 * The country list of GET /common/countries (ISO code, German name, phone prefix; sorted by the German name,
 * people §3), fetched once per session: it changes only with a release.
 */
export function useCountries(): Country[] {
  const query = useQuery({ queryKey: ['countries'], queryFn: listCountries, staleTime: Number.POSITIVE_INFINITY });
  return query.data ?? [];
}

/** Select options for a phone's country: only countries with a calling code, labelled with it. */
export const toPhoneCountryOptions = (countries: Country[]) =>
  countries
    .filter((country) => country.phonePrefix !== null)
    .map((country) => ({ value: country.iso, label: `${country.name} (${country.phonePrefix})` }));
