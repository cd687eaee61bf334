import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A PDF's text as pdftotext lays it out (-layout keeps a table row on one line); `page` limits it to one page.
 * Takes the PDF's bytes or the path of a file.
 */
export async function pdfText(pdf: Buffer | string, page?: number): Promise<string> {
  const pages = page ? ['-f', String(page), '-l', String(page)] : [];
  if (typeof pdf === 'string') return (await run('pdftotext', ['-layout', ...pages, pdf, '-'])).stdout;
  const dir = await mkdtemp(join(tmpdir(), 'praxia-pdf-text-'));
  try {
    const path = join(dir, 'document.pdf');
    await writeFile(path, pdf);
    return (await run('pdftotext', ['-layout', ...pages, path, '-'])).stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Whitespace collapsed to single spaces, so a phrase wrapped over lines or columns still matches. */
export const collapsed = (text: string) => text.replace(/\s+/g, ' ');
