import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What poppler's pdfdetach lists and saves: the names of a PDF's embedded files and the first file's content. */
export async function pdfAttachments(pdf: Buffer): Promise<{ list: string; first: string | null }> {
  const dir = await mkdtemp(join(tmpdir(), 'praxia-pdf-files-'));
  try {
    const path = join(dir, 'document.pdf');
    await writeFile(path, pdf);
    const list = (await run('pdfdetach', ['-list', path])).stdout;
    if (/^0 embedded files/m.test(list)) return { list, first: null };
    const saved = join(dir, 'attachment');
    await run('pdfdetach', ['-save', '1', '-o', saved, path]);
    return { list, first: await readFile(saved, 'utf8') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The PDF's XMP metadata stream as written (pdfkit leaves it uncompressed, as PDF/A asks). */
export function xmpOf(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const start = text.indexOf('<x:xmpmeta');
  const end = text.indexOf('</x:xmpmeta>');
  if (start < 0 || end < 0) throw new Error('no XMP metadata');
  return Buffer.from(text.slice(start, end + '</x:xmpmeta>'.length), 'latin1').toString('utf8');
}
