import { DEFAULT_LANGUAGE, type Language } from '@praxia/shared/constants';

/** Before sign-in the browser decides: English if it prefers English, German otherwise. */
export function getBrowserLanguage(): Language {
  const preferred = typeof navigator === 'undefined' ? '' : navigator.language.toLowerCase();
  return preferred.startsWith('en') ? 'en' : DEFAULT_LANGUAGE;
}
