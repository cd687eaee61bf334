import type { ProfileListEntry } from '@praxia/shared/users/profile-lists';

/** What the search card and the profile know of a therapist's name. */
export type TherapistNaming = {
  title: string | null;
  firstName: string;
  lastName: string;
};

/** 'Dr. Erika Muster': the title belongs to the name (spec appointments §2.6). */
export const fullName = (user: Pick<TherapistNaming, 'title' | 'firstName' | 'lastName'>) =>
  [user.title, user.firstName, user.lastName].filter(Boolean).join(' ');

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

/** Kilometres with one decimal, in the language's way: '2,4' in German, '2.4' in English. */
export function formatKilometres(distance: number, language: string): string {
  return new Intl.NumberFormat(language.startsWith('en') ? 'en-GB' : 'de-DE', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(distance);
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

/** The postal code in /suche/psychotherapeuten-in-{postcode}; '' when the path names none. */
export function postalCodeFromPath(pathname: string, prefix: string): string {
  if (!pathname.startsWith(prefix)) return '';
  try {
    return decodeURIComponent(pathname.slice(prefix.length).replace(/\/+$/, '')).trim();
  } catch {
    return '';
  }
}

export const isPostalCode = (value: string) => /^\d{5}$/.test(value);

/** The page number of ?page=n: a whole number from 1, else the first page. */
export function pageFromSearch(search: string): number {
  const page = Number(new URLSearchParams(search).get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1;
}

/** The therapist and practice ids of /psychotherapie/{therapistId}/{customerId}; null when either is not an id. */
export function profileIdsFromPath(
  pathname: string,
  prefix: string,
): { therapistId: number; customerId: number } | null {
  if (!pathname.startsWith(prefix)) return null;
  const [therapist, customer, ...rest] = pathname.slice(prefix.length).split('/').filter(Boolean);
  const id = (value: string | undefined) => (value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null);
  const therapistId = id(therapist);
  const customerId = id(customer);
  if (therapistId === null || customerId === null || rest.length > 0) return null;
  return { therapistId, customerId };
}
