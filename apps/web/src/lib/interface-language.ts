import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@praxia/shared/constants';

/**
 * The interface language this browser last chose: the guest's switch on the sign-in page, or the signed-in user's
 * setting once it took over. Local storage, not session storage, so the sign-in page after a sign-out, a new tab and
 * the public pages (their own entry, which knows no user) speak it too.
 */
export const LANGUAGE_STORAGE_KEY = 'praxia.language';

export function isLanguage(value: string | null | undefined): value is Language {
  return (LANGUAGES as readonly (string | null | undefined)[]).includes(value);
}

/** The remembered choice if there is one; otherwise English if the browser prefers English, German otherwise. */
export function chooseLanguage(remembered: string | null, browserLanguage: string): Language {
  if (isLanguage(remembered)) return remembered;
  return browserLanguage.toLowerCase().startsWith('en') ? 'en' : DEFAULT_LANGUAGE;
}

function readRemembered(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode, a sandboxed frame): the browser's language decides.
    return null;
  }
}

/** The language a page starts in, before any user is known. */
export function getStartLanguage(): Language {
  return chooseLanguage(readRemembered(), typeof navigator === 'undefined' ? '' : navigator.language);
}

export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Without storage the choice holds for this page only.
  }
}
