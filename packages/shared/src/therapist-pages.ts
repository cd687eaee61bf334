/*
 * The therapist search and profile pages' addresses and head (title, description, whether search engines may list
 * them): the server writes the head into the HTML it sends (crawlers and link previews run no scripts), the page
 * keeps it when it runs. One definition for both, with the texts passed in: the server's German catalogue, the
 * page's i18n.
 */

/** The texts of the heads, keys of the catalogues' therapistPages section. */
export type TherapistPageTextKey =
  | 'searchTitle'
  | 'searchTitleIn'
  | 'searchDescription'
  | 'searchDescriptionIn'
  | 'profileDescription'
  | 'notFound'
  | 'notFoundText';
export type TherapistPageText = (key: TherapistPageTextKey, values?: Record<string, string>) => string;

export type PageHead = { title: string; description: string; isIndexable: boolean };

export const isPostalCode = (value: string) => /^\d{5}$/.test(value);

/** The postal code in /suche/psychotherapeuten-in-{postcode}; '' when the path names none. */
export function postalCodeFromPath(pathname: string, prefix: string): string {
  if (!pathname.startsWith(prefix)) return '';
  try {
    return decodeURIComponent(pathname.slice(prefix.length).replace(/\/+$/, '')).trim();
  } catch {
    return '';
  }
}

/** The page number of ?page=n: a whole number from 1, else the first page. */
export function pageFromSearch(search: string): number {
  // Read without URLSearchParams, which the shared package's types (no DOM, no Node library) do not know.
  const page = Number(/(?:^|[?&])page=([^&#]*)/.exec(search)?.[1] ?? '1');
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

/** 'Dr. Erika Muster': the title belongs to the name (spec appointments §2.6). */
export const fullName = (user: { title: string | null; firstName: string; lastName: string }) =>
  [user.title, user.firstName, user.lastName].filter(Boolean).join(' ');

export type SearchHeadInput = {
  postalCode: string;
  page: number;
  /** The searched code's place ('Hamburg' for 20095); null while or where it is not known. */
  placeName: string | null;
  /** The search does not know the postal code. */
  isUnknown: boolean;
};

/**
 * The search page's head (spec appointments §2.5): it names the searched place ('20095 Hamburg'), never the city of
 * the nearest practice. From page 2 on, and for a code that finds no place, search engines are asked not to list it.
 */
export function searchPageHead(text: TherapistPageText, input: SearchHeadInput): PageHead {
  const { postalCode, page, placeName, isUnknown } = input;
  const isValid = isPostalCode(postalCode);
  const place = isValid ? [postalCode, placeName].filter(Boolean).join(' ') : '';
  return {
    title: place ? text('searchTitleIn', { place }) : text('searchTitle'),
    description: place ? text('searchDescriptionIn', { place }) : text('searchDescription'),
    isIndexable: page === 1 && (postalCode === '' || (isValid && !isUnknown)),
  };
}

/** A therapist's profile at one practice (spec appointments §2.6). */
export function profilePageHead(
  text: TherapistPageText,
  profile: { title: string | null; firstName: string; lastName: string; practiceName: string },
): PageHead {
  const name = fullName(profile);
  return {
    title: name,
    description: text('profileDescription', { name, practice: profile.practiceName }),
    isIndexable: true,
  };
}

/** An unknown therapist, or a practice they are not listed at: 'user not found', for no search engine's list. */
export function missingProfileHead(text: TherapistPageText): PageHead {
  return { title: text('notFound'), description: text('notFoundText'), isIndexable: false };
}

/** The product's name after a page's title ('Anmelden – Praxia'), in the browser's tab and the server's HTML. */
export const APP_NAME = 'Praxia';
export const documentTitle = (title: string) => (title ? `${title} – ${APP_NAME}` : APP_NAME);
