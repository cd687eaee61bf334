import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { type Language, type Translate, translator } from './i18n';

/** The page's language and its texts; fixed for the page's life (a language change is a new page load). */
export const TextsContext = createContext<{ language: Language; t: Translate }>({
  language: 'de',
  t: translator('de'),
});

export const useTexts = () => useContext(TextsContext);
