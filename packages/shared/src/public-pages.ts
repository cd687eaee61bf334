/**
 * Pages for guests served by the web's small public entry (public-pages.html) instead of the staff app: the legal
 * pages now; the booking widget, the cancel page, therapist search and profile, and video as they arrive. The
 * server and the public entry's router both read this list, so a page is added in one place.
 */
export const PUBLIC_PAGE_PATHS = {
  imprint: '/impressum',
  privacy: '/datenschutz',
  terms: '/agb',
} as const;

/** Address spaces reserved for later public pages; everything below each is the public entry's. */
export const PUBLIC_PAGE_PREFIXES = [
  '/appointment/widget/',
  '/appointment/cancel/',
  '/appointment/waiting-list/',
  '/search',
  '/profile/',
  '/video/',
];

/** The HTML file of the public entry in the built web app. */
export const PUBLIC_PAGES_HTML = 'public-pages.html';

/** Whether the public entry answers this path (the server's routes say the same; the Vite dev server asks this). */
export function isPublicPagePath(pathname: string): boolean {
  return (
    (Object.values(PUBLIC_PAGE_PATHS) as string[]).includes(pathname) ||
    PUBLIC_PAGE_PREFIXES.some((prefix) => pathname.startsWith(prefix))
  );
}
