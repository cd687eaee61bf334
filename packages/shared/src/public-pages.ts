import { VIDEO_PAGE_PREFIX } from './video/protocol.js';

/**
 * Pages for guests served by the web's small public entry (public-pages.html) instead of the staff app: the legal
 * pages, the cancel page, the waiting-list page, the invoice download, the therapist search and profile (the booking widget and the video
 * consultation have entries of their own, below). The
 * server and the public entry's router both read this list, so a page is added in one place.
 */
export const PUBLIC_PAGE_PATHS = {
  imprint: '/impressum',
  privacy: '/datenschutz',
  terms: '/agb',
} as const;

/** Address spaces reserved for later public pages; everything below each is the public entry's. */
export const PUBLIC_PAGE_PREFIXES = [
  '/appointment/cancel/',
  '/appointment/waiting-list/',
  '/suche',
  '/psychotherapie/',
  '/rechnung/',
];

/** The patient's invoice download behind an SMS code (issue 11): the link in the e-mail, `/rechnung/{token}`. */
export const INVOICE_DOWNLOAD_PAGE_PREFIX = '/rechnung/';

/** The therapist search (spec appointments §2: search-therapist-query); `/suche?postcode=` redirects here. */
export const THERAPIST_SEARCH_PATH = '/suche';
export const THERAPIST_SEARCH_PAGE_PREFIX = '/suche/psychotherapeuten-in-';
export const therapistSearchPath = (postalCode = '') =>
  `${THERAPIST_SEARCH_PAGE_PREFIX}${encodeURIComponent(postalCode)}`;

/** The public therapist profile (spec appointments §2: therapist-detail). */
export const THERAPIST_PROFILE_PREFIX = '/psychotherapie/';
export const therapistProfilePath = (therapistId: number, customerId: number) =>
  `${THERAPIST_PROFILE_PREFIX}${therapistId}/${customerId}`;

/** The HTML file of the public entry in the built web app. */
export const PUBLIC_PAGES_HTML = 'public-pages.html';

/** Whether the public entry answers this path (the server's routes say the same; the Vite dev server asks this). */
export function isPublicPagePath(pathname: string): boolean {
  return (
    (Object.values(PUBLIC_PAGE_PATHS) as string[]).includes(pathname) ||
    PUBLIC_PAGE_PREFIXES.some((prefix) => pathname.startsWith(prefix))
  );
}

/**
 * The booking widget (/appointment/widget/{therapistId}/{customerId}) has an entry of its own (widget.html, Preact,
 * a first view of at most 30 kB) and is the one page other sites may frame.
 */
export const WIDGET_PAGE_PREFIX = '/appointment/widget/';

/** The HTML file of the widget's entry in the built web app. */
export const WIDGET_HTML = 'widget.html';

/** Whether the widget's entry answers this path (the server and the Vite dev server ask this). */
export function isWidgetPagePath(pathname: string): boolean {
  return pathname.startsWith(WIDGET_PAGE_PREFIX);
}

/**
 * The video consultation (/video/{token}) has an entry of its own too (video.html, Preact, a first view of at most
 * 40 kB): it loads nothing of the public pages, and a patient on a phone joins quickly.
 */
export { VIDEO_PAGE_PREFIX };

/** The HTML file of the video consultation's entry in the built web app. */
export const VIDEO_HTML = 'video.html';

/** Whether the video entry answers this path (the server and the Vite dev server ask this). */
export function isVideoPagePath(pathname: string): boolean {
  return pathname.startsWith(VIDEO_PAGE_PREFIX);
}
