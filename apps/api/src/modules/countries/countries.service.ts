import { createRequire } from 'node:module';
import type { Country } from '@praxia/shared';
import countries from 'i18n-iso-countries';
import { type CountryCode, getCountryCallingCode } from 'libphonenumber-js/min';

const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/de.json'));

function phonePrefix(iso: string): string | null {
  try {
    return `+${getCountryCallingCode(iso as CountryCode)}`;
  } catch {
    // A few territories (Antarctica, Bouvet Island …) have no calling code of their own.
    return null;
  }
}

let cached: Country[] | undefined;

/** All ISO 3166 countries with their German name and phone prefix, sorted by the German name (people §3). */
export function listCountries(): Country[] {
  cached ??= Object.entries(countries.getNames('de', { select: 'official' }))
    .map(([iso, name]) => ({ iso, name, phonePrefix: phonePrefix(iso) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'de'));
  return cached;
}
