import { DEFAULT_LANGUAGE, LANGUAGES } from '@praxia/shared/constants';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
// Only the catalogue sections the public pages use: named JSON imports let the build leave the rest out. The
// `?public` suffix makes these imports a module apart from the staff app's full catalogue (which shares a chunk with
// the sign-in frame), so the sections the public pages do not name stay out of their first view.
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

void i18n.use(initReactI18next).init({
  resources: {
    de: {
      translation: {
        app: appDe,
        cancelPage: cancelPageDe,
        invoicePage: invoicePageDe,
        legal: legalDe,
        nav: navDe,
        pages: pagesDe,
        waitingListPage: waitingListPageDe,
      },
    },
    en: {
      translation: {
        app: appEn,
        cancelPage: cancelPageEn,
        invoicePage: invoicePageEn,
        legal: legalEn,
        nav: navEn,
        pages: pagesEn,
        waitingListPage: waitingListPageEn,
      },
    },
  },
  lng: getStartLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
});
document.documentElement.lang = i18n.language;
