/*
 * The language of the small guest entries (booking widget, video consultation), which carry their texts as plain
 * objects instead of i18next: German unless the address or the browser asks for English.
 */

export type GuestLanguage = 'de' | 'en';

/** German unless `?lang=en`, or no `lang` and the browser prefers English to German. */
export function pickLanguage(search: string, browserLanguages: readonly string[]): GuestLanguage {
  const asked = new URLSearchParams(search).get('lang');
  if (asked === 'en' || asked === 'de') return asked;
  const preferred = browserLanguages
    .map((tag) => tag.slice(0, 2).toLowerCase())
    .find((tag) => tag === 'de' || tag === 'en');
  return preferred === 'en' ? 'en' : 'de';
}

/** A text with its `{name}` placeholders filled in; an unknown placeholder stays visible rather than vanishing. */
export function fillIn(text: string, params?: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => params?.[name] ?? whole);
}
