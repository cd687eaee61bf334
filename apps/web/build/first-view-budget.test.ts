import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MANIFEST_FILE, measureFirstViews } from './first-view-budget';

let outDir: string;
const write = (file: string, content: string) => {
  mkdirSync(dirname(join(outDir, file)), { recursive: true });
  writeFileSync(join(outDir, file), content);
};
const brotli = (content: string) =>
  brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

// Text that compresses poorly, as minified code does compared with a repeated letter.
const noise = (bytes: number) => randomBytes(bytes).toString('base64').slice(0, bytes);

beforeEach(() => {
  outDir = mkdtempSync(join(tmpdir(), 'first-view-'));
});
afterEach(() => rmSync(outDir, { recursive: true, force: true }));

describe('measureFirstViews', () => {
  it('adds up every first-view file as served: brotli from 1 kB on, smaller files as they are', () => {
    const html = '<script type="module" src="/assets/entry-1.js"></script>';
    const entry = noise(4000);
    const shared = noise(6000);
    write('index.html', html);
    write('assets/entry-1.js', entry);
    write('assets/shared-1.js', shared);
    write('assets/lazy-1.js', noise(50_000));
    write(
      MANIFEST_FILE,
      JSON.stringify({
        'index.html': { file: 'assets/entry-1.js', isEntry: true, imports: ['_shared-1.js'], dynamicImports: ['lazy'] },
        '_shared-1.js': { file: 'assets/shared-1.js' },
        lazy: { file: 'assets/lazy-1.js', isDynamicEntry: true },
      }),
    );
    const [view] = measureFirstViews(outDir, [{ name: '/login', html: 'index.html', budget: 1 }]);
    expect(view?.files).toEqual(['assets/entry-1.js', 'assets/shared-1.js', 'index.html']);
    expect(view?.bytes).toBe(html.length + brotli(entry) + brotli(shared));
  });

  it('fails when a first-view file is missing from the build', () => {
    write('index.html', '<link rel="icon" href="/favicon.svg">');
    write(MANIFEST_FILE, JSON.stringify({ 'index.html': { file: 'index.html', isEntry: true } }));
    expect(() => measureFirstViews(outDir, [{ name: '/login', html: 'index.html', budget: 1 }])).toThrow(
      /favicon\.svg/,
    );
  });
});
