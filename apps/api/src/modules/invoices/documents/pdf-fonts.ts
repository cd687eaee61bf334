import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';

// PDF/A (which every invoice PDF is, to carry its e-invoice XML as Factur-X / ZUGFeRD) forbids the standard PDF
// fonts: every font must be embedded. Arimo (SIL Open Font License 1.1, the TrueType files of
// @expo-google-fonts/arimo) has the metrics of Helvetica/Arial, so the DIN 5008 layout measured with Helvetica stays
// where it was. TrueType rather than WOFF: fontkit inflates a WOFF table on every read, which made each PDF slow.

export const FONT = 'Arimo';
export const BOLD = 'Arimo-Bold';
export const ITALIC = 'Arimo-Italic';

const FILES: Record<string, string> = {
  [FONT]: '400Regular/Arimo_400Regular.ttf',
  [BOLD]: '700Bold/Arimo_700Bold.ttf',
  [ITALIC]: '400Regular_Italic/Arimo_400Regular_Italic.ttf',
};

const require = createRequire(import.meta.url);
let loaded: Map<string, Font> | null = null;

/**
 * The fonts, parsed once (fontkit, pdfkit's own font engine): pdfkit takes a parsed font as well as a file, and
 * parsing a file for every document made each PDF several times slower. Every document embeds the subset of glyphs
 * it uses.
 */
function documentFonts(): Map<string, Font> {
  if (!loaded) {
    const parse = (file: string) => create(readFileSync(require.resolve(`@expo-google-fonts/arimo/${file}`))) as Font;
    loaded = new Map(Object.entries(FILES).map(([name, file]) => [name, parse(file)]));
  }
  return loaded;
}

export function registerDocumentFonts(pdf: PDFKit.PDFDocument): void {
  // pdfkit's types name only a file path or bytes; its font factory takes a fontkit font (anything with layout()).
  for (const [name, font] of documentFonts()) pdf.registerFont(name, font as unknown as Buffer);
  pdf.font(FONT);
}
