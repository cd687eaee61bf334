import type { ProfileListEntry } from '@praxia/shared/users/profile-lists';

/** What the search card and the profile know of a therapist's name. */
export type TherapistNaming = {
  title: string | null;
  firstName: string;
  lastName: string;
};

export const initialsOf = (user: Pick<TherapistNaming, 'firstName' | 'lastName'>) =>
  `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`.toUpperCase();

/** A website as a link: one without a scheme gets https:// (spec appointments §2.6). */
export function websiteHref(website: string): string {
  const trimmed = website.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed.replace(/^\/+/, '')}`;
}

/** The website as a visitor reads it: without the scheme and a trailing slash. */
export const websiteLabel = (website: string) =>
  website
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/\/$/, '');

/** A phone number as a tel: link: digits and a leading + only. */
export const phoneHref = (phone: string) => `tel:${phone.trim().replace(/(?!^\+)[^\d]/g, '')}`;

/**
 * Kilometres as the search rounds them (a decimal below 10 km, whole beyond), in the language's way: '2,4' in German,
 * '2.4' in English, '12' without a decimal.
 */
export function formatKilometres(distance: number, language: string): string {
  return new Intl.NumberFormat(language.startsWith('en') ? 'en-GB' : 'de-DE', { maximumFractionDigits: 1 }).format(
    distance,
  );
}

const labelIn = (entry: ProfileListEntry, language: string) => (language.startsWith('en') ? entry.en : entry.de);

/**
 * The labels of a profile list's keys in the visitor's language, sorted alphabetically (the spec sorts the focus);
 * keys the list no longer knows are left out rather than shown raw.
 */
export function sortedLabels(keys: readonly string[], list: readonly ProfileListEntry[], language: string): string[] {
  const collator = new Intl.Collator(language);
  return keys
    .map((key) => list.find((entry) => entry.key === key))
    .filter((entry): entry is ProfileListEntry => entry !== undefined)
    .map((entry) => labelIn(entry, language))
    .sort(collator.compare);
}

/** A language's name from its ISO code in the visitor's language; the profile list's label where Intl has none. */
export function languageName(code: string, list: readonly ProfileListEntry[], language: string): string {
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames([language], { type: 'language', fallback: 'none' }).of(code);
  } catch {
    name = undefined;
  }
  if (name && name !== code) return name;
  const entry = list.find((item) => item.key === code);
  return entry ? labelIn(entry, language) : code;
}
