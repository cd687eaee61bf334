import type { FirstViewPage } from './first-view-files';

/**
 * The pages whose first view has a budget (kB as the browser receives them, brotli). The sign-in page is most staff
 * visits' first view; the staff app loads after sign-in. The profile frames the booking widget, whose files come
 * with it. The map's Leaflet and the widget's phone metadata wait for the visitor and are not counted.
 */
export const FIRST_VIEW_PAGES: FirstViewPage[] = [
  // The offline worker registers once the page has loaded.
  { name: '/login', html: 'index.html', alsoFetches: ['sw.js'], budget: 100_000 },
  {
    name: 'therapist search',
    html: 'public-pages.html',
    startsLoading: ['src/public-pages/search/search-page.tsx'],
    budget: 100_000,
  },
  {
    name: 'therapist profile',
    html: 'public-pages.html',
    startsLoading: ['src/public-pages/profile/profile-page.tsx'],
    frames: ['widget.html'],
    budget: 100_000,
  },
  { name: 'booking widget', html: 'widget.html', budget: 30_000 },
  { name: 'video consultation', html: 'video.html', budget: 40_000 },
];
