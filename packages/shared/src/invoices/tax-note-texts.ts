import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import type { TaxNoteKey } from './vat.js';

const catalogues = { de: de.invoice.taxNote, en: en.invoice.taxNote };

/**
 * The printed text of a tax note (§14 Abs.4 Nr.8 UStG asks for the reason of an exemption on the invoice). The
 * document is German; the English text serves the interface. Kept out of the package index so the web bundle
 * takes the texts from its own catalogue.
 */
export function taxNoteText(key: TaxNoteKey, language: 'de' | 'en' = 'de'): string {
  const name = key.slice('invoice.taxNote.'.length) as keyof typeof de.invoice.taxNote;
  return catalogues[language][name];
}
