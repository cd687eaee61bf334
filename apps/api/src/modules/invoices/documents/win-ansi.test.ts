import { describe, expect, it } from 'vitest';
import { toWinAnsi, winAnsiContent } from './win-ansi.js';

describe('toWinAnsi', () => {
  it('keeps German text, €, § and typographic quotes and dashes', () => {
    const text = 'Müller, Straße 5 – „Zahlbar“ 1.234,56 € gemäß § 4 Nr. 14a UStG · œ\nzweite Zeile';
    expect(toWinAnsi(text)).toBe(text);
  });

  it('prints letters outside WinAnsi by their base letter, and anything else as ?', () => {
    expect(toWinAnsi('Łukasz Wąsik, Şahin Yıldız, Đorđe, Ελένη')).toBe('Lukasz Wasik, Sahin Yildiz, Dorde, ?????');
    // Decomposed input (a + combining ring) is composed first: å is WinAnsi.
    expect(toWinAnsi('a\u030a')).toBe('å');
  });

  it('maps every string of a document and leaves the rest', () => {
    expect(winAnsiContent({ name: 'Ştefan', cents: 5, lines: ['Łódź'], bank: null })).toEqual({
      name: 'Stefan',
      cents: 5,
      lines: ['Lódz'],
      bank: null,
    });
  });
});
