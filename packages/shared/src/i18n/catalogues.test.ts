import { describe, expect, it } from 'vitest';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };

/** Every text of a catalogue by its dotted path ('nav.imprint'); a non-text leaf is kept as is so a test can see it. */
function flatten(node: unknown, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return entries.set(prefix, node);
  for (const [key, value] of Object.entries(node)) {
    for (const [path, leaf] of flatten(value, prefix ? `${prefix}.${key}` : key)) entries.set(path, leaf);
  }
  return entries;
}

const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{\s*(\w+)/g)].map((match) => match[1]).sort();

const catalogues = { de: flatten(de), en: flatten(en) };

// English is complete, not partial (ui.md): a key missing in one language shows its raw path to the user.
describe('de.json and en.json', () => {
  it('have the same keys', () => {
    expect([...catalogues.en.keys()].sort()).toEqual([...catalogues.de.keys()].sort());
  });

  it.each(Object.entries(catalogues))('%s holds a non-empty text at every key', (_language, texts) => {
    const notTexts = [...texts].filter(([, text]) => typeof text !== 'string' || text.trim() === '');
    expect(notTexts.map(([path]) => path)).toEqual([]);
  });

  it('use the same placeholders in both languages', () => {
    const differing = [...catalogues.de].filter(
      ([path, text]) => placeholders(text).join() !== placeholders(catalogues.en.get(path)).join(),
    );
    expect(differing.map(([path]) => path)).toEqual([]);
  });
});
