import {
  INVOICE_DOWNLOAD_PAGE_PREFIX,
  PUBLIC_PAGE_PATHS,
  THERAPIST_PROFILE_PREFIX,
  THERAPIST_SEARCH_PATH,
} from '@praxia/shared/public-pages';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type Page = LazyExoticComponent<ComponentType>;

/**
 * The public entry's router: one page per address, each its own chunk. Links between public pages are plain
 * page loads (each page is small), so there is no client-side history to manage.
 */
const pages: Record<string, Page> = {
  [PUBLIC_PAGE_PATHS.imprint]: lazy(() =>
    import('./legal/imprint-page').then((module) => ({ default: module.ImprintPage })),
  ),
  [PUBLIC_PAGE_PATHS.privacy]: lazy(() =>
    import('./legal/privacy-page').then((module) => ({ default: module.PrivacyPage })),
  ),
  [PUBLIC_PAGE_PATHS.terms]: lazy(() => import('./legal/terms-page').then((module) => ({ default: module.TermsPage }))),
};

/** Pages whose address carries a parameter (a token, an id): found by their prefix. */
const pagesByPrefix: [string, Page][] = [
  [
    '/appointment/cancel/',
    lazy(() => import('./cancel/cancel-page').then((module) => ({ default: module.CancelPage }))),
  ],
  [
    '/appointment/waiting-list/',
    lazy(() =>
      import('./waiting-list/waiting-list-remove-page').then((module) => ({ default: module.WaitingListRemovePage })),
    ),
  ],
  [
    INVOICE_DOWNLOAD_PAGE_PREFIX,
    lazy(() => import('./invoice/invoice-download-page').then((module) => ({ default: module.InvoiceDownloadPage }))),
  ],
  // /suche itself too: the development server has no redirect, the page does it there.
  [
    THERAPIST_SEARCH_PATH,
    lazy(() => import('./search/search-page').then((module) => ({ default: module.SearchPage }))),
  ],
  [
    THERAPIST_PROFILE_PREFIX,
    lazy(() => import('./profile/profile-page').then((module) => ({ default: module.ProfilePage }))),
  ],
];

const notFound: Page = lazy(() => import('./not-found-page').then((module) => ({ default: module.NotFoundPage })));

/** The page for an address; unknown ones (including reserved prefixes without a page yet) get the 404 page. */
export function findPage(pathname: string): Page {
  const exact = pages[pathname.replace(/\/+$/, '') || '/'];
  if (exact) return exact;
  return pagesByPrefix.find(([prefix]) => pathname.startsWith(prefix))?.[1] ?? notFound;
}
