import { useEffect } from 'react';

const APP_NAME = 'Praxia';

/**
 * Names the browser tab after the page ('Anmelden – Praxia') so tabs, history and screen readers tell pages apart.
 * The one way every page (staff app and public pages) sets its title; leaving the page puts the bare product name
 * back, so a page without a title (a loader, the logout) never keeps the previous page's name.
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} – ${APP_NAME}` : APP_NAME;
    return () => {
      document.title = APP_NAME;
    };
  }, [title]);
}
