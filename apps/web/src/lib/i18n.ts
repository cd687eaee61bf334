import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@praxia/shared';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
// The catalogue lives in the shared package, whose exports map only .ts files; a relative import works for tsc and Vite.
// The staff entry draws the sign-in page before the staff app loads, so it starts with the sections that page (and the
// answers to a sign-in) use: named JSON imports let the build leave the rest out. The `?sign-in` suffix makes these
// imports a module apart from the full catalogue, which the staff app adds when it loads (./staff-texts.ts).
import {
  app as appDe,
  common as commonDe,
  language as languageDe,
  login as loginDe,
  nav as navDe,
  validation as validationDe,
  version as versionDe,
} from '../../../../packages/shared/src/i18n/de.json?sign-in';
import {
  app as appEn,
  common as commonEn,
  language as languageEn,
  login as loginEn,
  nav as navEn,
  validation as validationEn,
  version as versionEn,
} from '../../../../packages/shared/src/i18n/en.json?sign-in';
import type { MessageText } from './errors';
import { getStartLanguage, isLanguage, rememberLanguage } from './interface-language';

function applyLanguage(language: string) {
  document.documentElement.lang = language;
}

void i18n.use(initReactI18next).init({
  resources: {
    // Validation message keys contain dots ('error.required'), so they get their own flat namespace.
    de: {
      translation: {
        app: appDe,
        common: commonDe,
        language: languageDe,
        login: loginDe,
        nav: navDe,
        validation: validationDe,
        version: versionDe,
      },
      validation: validationDe,
    },
    en: {
      translation: {
        app: appEn,
        common: commonEn,
        language: languageEn,
        login: loginEn,
        nav: navEn,
        validation: validationEn,
        version: versionEn,
      },
      validation: validationEn,
    },
  },
  lng: getStartLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
});
applyLanguage(i18n.language);
i18n.on('languageChanged', applyLanguage);

/**
 * Switches the interface language (the guest's switch, or the signed-in user's setting) and remembers it for the next
 * page load, the sign-in page after a sign-out and the public pages.
 */
export function setLanguage(language: Language): void {
  rememberLanguage(language);
  if (i18n.language !== language) void i18n.changeLanguage(language);
}

/** The text of a validation message key such as 'error.required'; unknown keys fall back to a generic text. */
export function translateValidationKey(key: string, values?: Record<string, string | number>): string {
  return i18n.t(key, {
    ...values,
    ns: 'validation',
    keySeparator: false,
    defaultValue: i18n.t('error.invalidValue', { ns: 'validation', keySeparator: false }),
  });
}

/** The words of a message an API failure maps to (see lib/errors): always a catalogue text, never the server's. */
export function resolveText(text: MessageText): string {
  if (text.ns === 'validation') return translateValidationKey(text.key, text.values);
  return i18n.t(text.key, text.values);
}

export { i18n, isLanguage };
