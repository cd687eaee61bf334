import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { useMemo } from 'react';

export type Country = { iso: string; name: string; prefix: string };

/**
 * ISO code, German name and phone prefix of every country, sorted by German name. A stand-in until the country
 * list of GET /common/countries is built (another part of the people issue): swap the body, keep the shape.
 */
export function useCountries(): Country[] {
  return useMemo(() => {
    const names = new Intl.DisplayNames(['de'], { type: 'region' });
    return getCountries()
      .map((iso) => ({ iso, name: names.of(iso) ?? iso, prefix: `+${getCountryCallingCode(iso)}` }))
      .sort((a, b) => a.name.localeCompare(b.name, 'de'));
  }, []);
}
