import { DEFAULT_LANGUAGE, type Language } from '@praxia/shared/constants';
// Only the catalogue sections the public pages use: named JSON imports let the build leave the rest out. The
// `?public` suffix makes these imports a module apart from the staff app's full catalogue, so the sections the public
// pages do not name stay out of their first view.
import {
  app as appDe,
  cancelPage as cancelPageDe,
  invoicePage as invoicePageDe,
  legal as legalDe,
  nav as navDe,
  pages as pagesDe,
  waitingListPage as waitingListPageDe,
} from '../../../../packages/shared/src/i18n/de.json?public';
import {
  app as appEn,
  cancelPage as cancelPageEn,
  invoicePage as invoicePageEn,
  legal as legalEn,
  nav as navEn,
  pages as pagesEn,
  waitingListPage as waitingListPageEn,
} from '../../../../packages/shared/src/i18n/en.json?public';
import { getStartLanguage } from '../lib/interface-language';
import { type Catalogue, translateFrom } from './translate';

/*
 * The public pages' texts without i18next, which alone would weigh more than any of their pages (the profile, which
 * frames the booking widget, has to stay within its first-view budget). The interface is react-i18next's part they
 * use: `useTranslation()` giving `t(key, values)` and `i18n.language`, with the catalogue's plural keys and
 * `{{placeholders}}`. The language is fixed for the page's life: the browser's, German as fallback.
 */

const catalogues: Record<Language, Record<string, Catalogue>> = {
  de: {
    app: appDe,
    cancelPage: cancelPageDe,
    invoicePage: invoicePageDe,
    legal: legalDe,
    nav: navDe,
    pages: pagesDe,
    waitingListPage: waitingListPageDe,
  },
  en: {
    app: appEn,
    cancelPage: cancelPageEn,
    invoicePage: invoicePageEn,
    legal: legalEn,
    nav: navEn,
    pages: pagesEn,
    waitingListPage: waitingListPageEn,
  },
};

const language = getStartLanguage();
document.documentElement.lang = language;

/** Adds sections of a lazily loaded page (the search and profile texts) to the catalogue of `into`. */
export function addSections(into: Language, sections: Record<string, Catalogue>): void {
  Object.assign(catalogues[into], sections);
}

const t = (key: string, values?: Record<string, string | number>) =>
  translateFrom([catalogues[language], catalogues[DEFAULT_LANGUAGE]], language, key, values);
const translation = { t, i18n: { language } };

/** The texts in the page's language, as react-i18next's hook of the same name hands them out. */
export function useTranslation() {
  return translation;
}
