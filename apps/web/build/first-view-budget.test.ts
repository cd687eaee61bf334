import type { OutputAsset, OutputBundle, OutputChunk } from 'rollup';
import { describe, expect, it } from 'vitest';
import { measureFirstViews } from './first-view-budget';

const chunk = (fileName: string, code: string, more: Partial<OutputChunk> = {}) =>
  ({
    type: 'chunk',
    fileName,
    name: fileName,
    code,
    isEntry: false,
    imports: [],
    dynamicImports: [],
    ...more,
  }) as OutputChunk;
const asset = (fileName: string, source: string) => ({ type: 'asset', fileName, source }) as OutputAsset;

describe('measureFirstViews', () => {
  it('counts the HTML, the entry, its static imports (transitively) and their CSS, but not lazy chunks', () => {
    const bundle: OutputBundle = {
      'index.html': asset('index.html', '<script src="/assets/staff-1.js"></script>'),
      'assets/staff-1.js': chunk('assets/staff-1.js', 'entry', {
        isEntry: true,
        imports: ['assets/react-1.js'],
        dynamicImports: ['assets/page-1.js'],
        viteMetadata: { importedCss: new Set(['assets/staff-1.css']), importedAssets: new Set() },
      }),
      'assets/react-1.js': chunk('assets/react-1.js', 'react', { imports: ['assets/scheduler-1.js'] }),
      'assets/scheduler-1.js': chunk('assets/scheduler-1.js', 'scheduler'),
      'assets/page-1.js': chunk('assets/page-1.js', 'x'.repeat(100_000)),
      'assets/staff-1.css': asset('assets/staff-1.css', 'body{}'),
    };
    const [view] = measureFirstViews(bundle);
    expect(view?.entry).toBe('index.html');
    expect(view?.files.sort()).toEqual([
      'assets/react-1.js',
      'assets/scheduler-1.js',
      'assets/staff-1.css',
      'assets/staff-1.js',
      'index.html',
    ]);
    expect(view?.gzipBytes).toBeGreaterThan(0);
    expect(view?.gzipBytes).toBeLessThan(500);
  });
});
