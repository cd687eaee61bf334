import de from './i18n/de.json' with { type: 'json' };
import type { TherapistPageText } from './therapist-pages.js';

/**
 * The search and profile pages' head texts as the server writes them into the HTML: German, the interface's default
 * language (the page switches to the visitor's language when it runs). Kept out of the package index so the web
 * bundle takes the texts from its own catalogue.
 */
export const germanTherapistPageText: TherapistPageText = (key, values = {}) =>
  de.therapistPages[key].replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');
