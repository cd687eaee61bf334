/** A catalogue as the shared JSON files hold it: sections of texts, nested by dots in the keys ('nav.imprint'). */
export type Catalogue = { readonly [key: string]: string | Catalogue };

const lookUp = (catalogue: Catalogue, key: string): string | undefined => {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
};

/**
 * A text as i18next would give it: the first catalogue (the page's language, then the fallback) that has the key, in
 * its plural form for `count` (`key_one`, `key_other`) when there is one, with `{{name}}` filled from `values`. An
 * unknown key shows itself, as in i18next.
 */
export function translateFrom(
  catalogues: readonly Catalogue[],
  language: string,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const { count } = values;
  const keys = typeof count === 'number' ? [`${key}_${new Intl.PluralRules(language).select(count)}`, key] : [key];
  for (const catalogue of catalogues) {
    for (const candidate of keys) {
      const text = lookUp(catalogue, candidate);
      if (text !== undefined)
        return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => String(values[name] ?? whole));
    }
  }
  return key;
}
