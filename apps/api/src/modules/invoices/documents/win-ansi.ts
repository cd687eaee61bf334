// The PDFs print text as the former standard fonts' WinAnsi (Windows-1252) set: German and Western European
// letters, €, §, „“, –. A name like 'Łukasz' or 'Şahin' becomes 'Lukasz', 'Sahin' (the base letter), and anything
// without one a '?'. The embedded Arimo (pdf-fonts.ts) could print more, but the documents keep the one character set
// they were designed and tested with. The Word file, the e-invoice XML and the GiroCode keep every character.

const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
/** Letters NFD does not split into a base letter and a mark. */
const BASE_LETTERS: Record<string, string> = { ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ı: 'i', ħ: 'h', Ħ: 'H', ŀ: 'l', Ŀ: 'L' };

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return char === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char);
}

function winAnsiChar(char: string): string {
  if (isWinAnsi(char)) return char;
  const base = BASE_LETTERS[char] ?? char.normalize('NFD').replace(/\p{M}/gu, '');
  return base && [...base].every(isWinAnsi) ? base : '?';
}

/** The text as the standard fonts can print it; plain German text comes back unchanged (the same string). */
export function toWinAnsi(text: string): string {
  for (const char of text) {
    if (!isWinAnsi(char)) return [...text.normalize('NFC')].map(winAnsiChar).join('');
  }
  return text;
}

/** Every string of a document's content, mapped as above (numbers, booleans and nulls stay). */
export function winAnsiContent<T>(value: T): T {
  if (typeof value === 'string') return toWinAnsi(value) as T;
  if (Array.isArray(value)) return value.map(winAnsiContent) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, winAnsiContent(entry)])) as T;
  }
  return value;
}
