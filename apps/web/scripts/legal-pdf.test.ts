import { describe, expect, it } from 'vitest';
import { renderLegalPdf } from './legal-pdf';

const SAMPLE = 'Café „Grüße“ – Straße’s … ä ö ü Ä Ö Ü ß € § ·';
const META = { title: 'Prüfung', author: 'Praxia GmbH', footer: 'Praxia GmbH · AGB' };

// WinAnsi (windows-1252) 0x80–0x9F; the rest is Latin-1. Node's TextDecoder decodes this range as Latin-1 too.
const WIN_ANSI_80_9F = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const decodeWinAnsi = (bytes: Buffer) =>
  [...bytes]
    .map((byte) => (byte >= 0x80 && byte <= 0x9f ? WIN_ANSI_80_9F[byte - 0x80] : String.fromCharCode(byte)))
    .join('');

/**
 * The text a reader would copy from an uncompressed pdfkit file: the hex strings of each TJ operator (pdfkit writes
 * standard-font text as WinAnsi bytes, split where it kerns), decoded as WinAnsi.
 */
function extractText(pdf: Buffer): string[] {
  const content = pdf.toString('latin1');
  return [...content.matchAll(/\[([^\]]*)\]\s*TJ/g)].map((operator) => {
    const hex = [...(operator[1] ?? '').matchAll(/<([0-9a-f]*)>/gi)].map((match) => match[1]).join('');
    return decodeWinAnsi(Buffer.from(hex, 'hex'));
  });
}

describe('renderLegalPdf', () => {
  it('writes German and typographic characters as text a reader can extract', async () => {
    const pdf = await renderLegalPdf(
      [
        { kind: 'title', text: 'Allgemeine Geschäftsbedingungen' },
        { kind: 'paragraph', text: SAMPLE },
        { kind: 'bullet', text: 'Überweisung in €' },
      ],
      META,
      { compress: false },
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toMatch(/%%EOF/);
    const lines = extractText(pdf);
    expect(lines).toContain(SAMPLE);
    expect(lines).toContain('Überweisung in €');
    expect(lines).toContain('Praxia GmbH · AGB · Seite 1 von 1');
  });

  it('numbers every page of a long document in its footer', async () => {
    const paragraph = {
      kind: 'paragraph',
      text: 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(40),
    } as const;
    const pdf = await renderLegalPdf(Array(12).fill(paragraph), META, { compress: false });
    const pageCount = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    expect(pageCount).toBeGreaterThan(1);
    const footers = extractText(pdf).filter((line) => line.startsWith('Praxia GmbH · AGB · Seite'));
    expect(footers).toEqual(
      Array.from({ length: pageCount }, (_, index) => `Praxia GmbH · AGB · Seite ${index + 1} von ${pageCount}`),
    );
  });
});
