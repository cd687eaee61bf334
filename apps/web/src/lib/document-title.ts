import { APP_NAME, documentTitle } from '@praxia/shared/therapist-pages';
import { useEffect } from 'react';

/**
 * Names the browser tab after the page ('Anmelden – Praxia') so tabs, history and screen readers tell pages apart.
 * The one way every page (staff app and public pages) sets its title; leaving the page puts the bare product name
 * back, so a page without a title (a loader, the logout) never keeps the previous page's name. null leaves the
 * title as it is: the one the server wrote into the page, until the page knows better.
 */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title === null) return;
    document.title = documentTitle(title);
    return () => {
      document.title = APP_NAME;
    };
  }, [title]);
}
