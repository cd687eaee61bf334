import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@praxia/shared';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
// The catalogue lives in the shared package, whose exports map only .ts files; a relative import works for tsc and Vite.
// The `?staff` query makes this a module of its own: the public pages import a few sections of the same file, and
// sharing one module would put the whole catalogue into their first view (see vite-env.d.ts).
import de from '../../../../packages/shared/src/i18n/de.json?staff';
import en from '../../../../packages/shared/src/i18n/en.json?staff';
import type { MessageText } from './errors';
import { getStartLanguage, isLanguage, rememberLanguage } from './interface-language';

function applyLanguage(language: string) {
  document.documentElement.lang = language;
}

void i18n.use(initReactI18next).init({
  resources: {
    // Validation message keys contain dots ('error.required'), so they get their own flat namespace.
    de: { translation: de, validation: de.validation },
    en: { translation: en, validation: en.validation },
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
