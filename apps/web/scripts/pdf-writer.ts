/**
 * A minimal PDF 1.4 writer for the two legal documents: Helvetica (a PDF base font, nothing embedded), A4 pages,
 * word-wrapped paragraphs. Enough for plain legal text without adding a PDF library to the project.
 */

export type Block =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'bullet'; text: string };

const PAGE = { width: 595.28, height: 841.89, margin: 62 };

// Helvetica advance widths (1/1000 em) for ASCII 32–126, from the Adobe core font metrics.
const ASCII_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
  556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
  260, 334, 584,
];

// Characters outside ASCII that the texts use, with their WinAnsi code and width.
const EXTRA: Record<string, [number, number]> = {
  ä: [0xe4, 556],
  ö: [0xf6, 556],
  ü: [0xfc, 556],
  Ä: [0xc4, 667],
  Ö: [0xd6, 778],
  Ü: [0xdc, 722],
  ß: [0xdf, 611],
  '§': [0xa7, 556],
  '„': [0x84, 333],
  '“': [0x93, 333],
  '–': [0x96, 556],
  '€': [0x80, 556],
  '·': [0xb7, 278],
};

function charWidth(char: string): number {
  const code = char.charCodeAt(0);
  if (code >= 32 && code <= 126) return ASCII_WIDTHS[code - 32] ?? 556;
  const extra = EXTRA[char];
  if (!extra) throw new Error(`No WinAnsi mapping for ${JSON.stringify(char)}`);
  return extra[1];
}

const textWidth = (text: string, size: number) => ([...text].reduce((sum, c) => sum + charWidth(c), 0) * size) / 1000;

function encode(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.charCodeAt(0);
    const byte = code >= 32 && code <= 126 ? code : EXTRA[char]?.[0];
    if (byte === undefined) throw new Error(`No WinAnsi mapping for ${JSON.stringify(char)}`);
    // Parentheses and backslashes are string delimiters in PDF and must be escaped.
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) bytes.push(0x5c);
    bytes.push(byte);
  }
  return bytes;
}

function wrap(text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

type Style = { font: 'F1' | 'F2'; size: number; leading: number; before: number; after: number; indent: number };
const STYLES: Record<Block['kind'], Style> = {
  title: { font: 'F2', size: 16, leading: 20, before: 0, after: 8, indent: 0 },
  heading: { font: 'F2', size: 11, leading: 15, before: 10, after: 0, indent: 0 },
  paragraph: { font: 'F1', size: 10, leading: 14, before: 4, after: 0, indent: 0 },
  bullet: { font: 'F1', size: 10, leading: 14, before: 2, after: 0, indent: 14 },
};

/** Lays the blocks out on A4 pages and returns the content stream of each page. */
function layout(blocks: Block[], footer: string): number[][] {
  let pageCount = 1;
  const usable = PAGE.width - 2 * PAGE.margin;
  let y = PAGE.height - PAGE.margin;
  const texts: { page: number; x: number; y: number; font: string; size: number; text: string }[] = [];

  for (const block of blocks) {
    const style = STYLES[block.kind];
    const lines = wrap(block.text, style.size, usable - style.indent);
    y -= style.before;
    // Keep a heading together with the first lines of what follows.
    const needed = style.leading * (block.kind === 'heading' ? 4 : Math.min(lines.length, 2));
    if (y - needed < PAGE.margin + 20) {
      pageCount += 1;
      y = PAGE.height - PAGE.margin;
    }
    lines.forEach((line, index) => {
      if (y - style.leading < PAGE.margin + 20) {
        pageCount += 1;
        y = PAGE.height - PAGE.margin;
      }
      y -= style.leading;
      if (block.kind === 'bullet' && index === 0) {
        texts.push({ page: pageCount - 1, x: PAGE.margin + 2, y, font: 'F1', size: style.size, text: '–' });
      }
      texts.push({
        page: pageCount - 1,
        x: PAGE.margin + style.indent,
        y,
        font: style.font,
        size: style.size,
        text: line,
      });
    });
    y -= style.after;
  }
  return Array.from({ length: pageCount }, (_, pageIndex) => {
    const bytes: number[] = [];
    const push = (s: string) => bytes.push(...Buffer.from(s, 'latin1'));
    const pageTexts = [
      ...texts.filter((t) => t.page === pageIndex),
      {
        x: PAGE.margin,
        y: PAGE.margin - 10,
        font: 'F1',
        size: 8,
        text: `${footer} · Seite ${pageIndex + 1} von ${pageCount}`,
      },
    ];
    for (const t of pageTexts) {
      push(`BT /${t.font} ${t.size} Tf ${t.x.toFixed(2)} ${t.y.toFixed(2)} Td (`);
      bytes.push(...encode(t.text));
      push(') Tj ET\n');
    }
    return bytes;
  });
}

/** A complete PDF file with the given blocks, title metadata and a footer line on every page. */
export function renderPdf(blocks: Block[], meta: { title: string; author: string; footer: string }): Buffer {
  const streams = layout(blocks, meta.footer);
  const objects: number[][] = [];
  const add = (content: number[]) => objects.push(content);
  const str = (s: string) => [...Buffer.from(s, 'latin1')];

  const catalogId = 1;
  const pagesId = 2;
  const fontId = 3;
  const boldId = 4;
  const infoId = 5;
  const firstPageId = 6;
  const pageIds = streams.map((_, i) => firstPageId + i * 2);

  add(str(`<< /Type /Catalog /Pages ${pagesId} 0 R >>`));
  add(str(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`));
  add(str('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'));
  add(str('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>'));
  add([...str('<< /Title ('), ...encode(meta.title), ...str(') /Author ('), ...encode(meta.author), ...str(') >>')]);
  streams.forEach((stream, i) => {
    const pageId = pageIds[i] as number;
    add(
      str(
        `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] ` +
          `/Resources << /Font << /F1 ${fontId} 0 R /F2 ${boldId} 0 R >> >> /Contents ${pageId + 1} 0 R >>`,
      ),
    );
    add([...str(`<< /Length ${stream.length} >>\nstream\n`), ...stream, ...str('\nendstream')]);
  });

  const out: number[] = [...str('%PDF-1.4\n%'), 0xe2, 0xe3, 0xcf, 0xd3, 0x0a];
  const offsets: number[] = [];
  objects.forEach((content, i) => {
    offsets.push(out.length);
    out.push(...str(`${i + 1} 0 obj\n`), ...content, ...str('\nendobj\n'));
  });
  const xref = out.length;
  out.push(...str(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`));
  for (const offset of offsets) out.push(...str(`${String(offset).padStart(10, '0')} 00000 n \n`));
  out.push(
    ...str(
      `trailer\n<< /Size ${objects.length + 1} /Root ${catalogId} 0 R /Info ${infoId} 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
    ),
  );
  return Buffer.from(out);
}
