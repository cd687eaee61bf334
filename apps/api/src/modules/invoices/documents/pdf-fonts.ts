import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// PDF/A (which every invoice PDF is, to carry its e-invoice XML as Factur-X / ZUGFeRD) forbids the standard PDF
// fonts: every font must be embedded. Arimo (SIL Open Font License 1.1, from @fontsource/arimo) has the metrics of
// Helvetica/Arial, so the DIN 5008 layout measured with Helvetica stays where it was. Its 'latin' files cover the
// characters the documents print (German letters, €, §, „“, –); win-ansi.ts maps anything else to a base letter.

export const FONT = 'Arimo';
export const BOLD = 'Arimo-Bold';
export const ITALIC = 'Arimo-Italic';

const FILES: Record<string, string> = {
  [FONT]: 'arimo-latin-400-normal.woff',
  [BOLD]: 'arimo-latin-700-normal.woff',
  [ITALIC]: 'arimo-latin-400-italic.woff',
};

const require = createRequire(import.meta.url);
let loaded: Map<string, Buffer> | null = null;

/** The font files, read once: every document embeds the subset of glyphs it uses. */
function fontFiles(): Map<string, Buffer> {
  if (!loaded) {
    const read = (file: string) => readFileSync(require.resolve(`@fontsource/arimo/files/${file}`));
    loaded = new Map(Object.entries(FILES).map(([name, file]) => [name, read(file)]));
  }
  return loaded;
}

export function registerDocumentFonts(pdf: PDFKit.PDFDocument): void {
  for (const [name, data] of fontFiles()) pdf.registerFont(name, data);
  pdf.font(FONT);
}
