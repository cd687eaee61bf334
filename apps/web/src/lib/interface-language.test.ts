import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage, getStartLanguage, LANGUAGE_STORAGE_KEY, rememberLanguage } from './interface-language';

/** A stand-in for the browser's local storage (the unit tests run in Node). */
function fakeStorage(): Storage {
  const entries = new Map<string, string>();
  return {
    get length() {
      return entries.size;
    },
    clear: () => entries.clear(),
    getItem: (key) => entries.get(key) ?? null,
    key: (index) => [...entries.keys()][index] ?? null,
    removeItem: (key) => void entries.delete(key),
    setItem: (key, value) => void entries.set(key, String(value)),
  };
}

describe('chooseLanguage', () => {
  it('follows a remembered choice over the browser', () => {
    expect(chooseLanguage('en', 'de-DE')).toBe('en');
    expect(chooseLanguage('de', 'en-US')).toBe('de');
  });

  it('without a valid choice: English for an English browser, German otherwise', () => {
    expect(chooseLanguage(null, 'en-GB')).toBe('en');
    expect(chooseLanguage(null, 'EN')).toBe('en');
    expect(chooseLanguage(null, 'fr-FR')).toBe('de');
    expect(chooseLanguage(null, '')).toBe('de');
    expect(chooseLanguage('fr', 'en-US')).toBe('en');
    expect(chooseLanguage('', 'de-AT')).toBe('de');
  });
});

describe('the remembered language', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', fakeStorage());
    vi.stubGlobal('navigator', { language: 'de-DE' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('starts in the browser language, then in the one chosen last', () => {
    expect(getStartLanguage()).toBe('de');
    rememberLanguage('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(getStartLanguage()).toBe('en');
    rememberLanguage('de');
    expect(getStartLanguage()).toBe('de');
  });

  it('falls back to the browser when storage refuses', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    });
    vi.stubGlobal('navigator', { language: 'en-US' });
    expect(() => rememberLanguage('de')).not.toThrow();
    expect(getStartLanguage()).toBe('en');
  });
});
