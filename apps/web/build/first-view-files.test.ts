import type { Manifest } from 'vite';
import { describe, expect, it } from 'vitest';
import { collectFirstViewFiles, filesNamedInHtml } from './first-view-files';

const staffHtml = `<!doctype html><html><head>
  <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
  <link rel="canonical" href="https://praxia.example/login" />
  <link rel="preconnect" href="https://tiles.example" />
  <script type="module" crossorigin src="/assets/staff-1.js"></script>
  <link rel="modulepreload" crossorigin href="/assets/polyfill-1.js">
  <link rel="stylesheet" crossorigin href="/assets/staff-1.css">
  <script src="https://elsewhere.example/tracker.js"></script>
</head><body><div id="root"></div></body></html>`;

const widgetHtml = '<script type="module" src="/assets/widget-1.js"></script>';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/staff-1.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_react-1.js', '_polyfill-1.js'],
    dynamicImports: ['src/app/staff-app.tsx'],
    css: ['assets/staff-1.css'],
  },
  '_polyfill-1.js': { file: 'assets/polyfill-1.js' },
  '_react-1.js': { file: 'assets/react-1.js', imports: ['_scheduler-1.js'], css: ['assets/frame-1.css'] },
  '_scheduler-1.js': { file: 'assets/scheduler-1.js', assets: ['assets/font-1.woff2'] },
  'src/app/staff-app.tsx': { file: 'assets/staff-app-1.js', isDynamicEntry: true, imports: ['_mantine-1.js'] },
  '_mantine-1.js': { file: 'assets/mantine-1.js' },
  'src/search/search-page.tsx': {
    file: 'assets/search-page-1.js',
    isDynamicEntry: true,
    imports: ['_react-1.js', '_texts-1.js'],
    css: ['assets/search-page-1.css'],
  },
  '_texts-1.js': { file: 'assets/texts-1.js' },
  'widget.html': { file: 'assets/widget-1.js', src: 'widget.html', isEntry: true, imports: ['_preact-1.js'] },
  '_preact-1.js': { file: 'assets/preact-1.js' },
};

const pages: Record<string, string> = { 'index.html': staffHtml, 'public.html': staffHtml, 'widget.html': widgetHtml };
const readHtml = (file: string) => pages[file] ?? '';

describe('filesNamedInHtml', () => {
  it('names the scripts and the links the browser loads, of our own origin only', () => {
    expect(filesNamedInHtml(staffHtml)).toEqual([
      'favicon.svg',
      'assets/staff-1.js',
      'assets/polyfill-1.js',
      'assets/staff-1.css',
    ]);
  });
});

describe('collectFirstViewFiles', () => {
  it('counts the HTML, its entry with every static import (transitively), their styles and assets; not lazy chunks', () => {
    expect(collectFirstViewFiles(manifest, { html: 'index.html' }, readHtml)).toEqual([
      'assets/font-1.woff2',
      'assets/frame-1.css',
      'assets/polyfill-1.js',
      'assets/react-1.js',
      'assets/scheduler-1.js',
      'assets/staff-1.css',
      'assets/staff-1.js',
      'favicon.svg',
      'index.html',
    ]);
  });

  it('counts the module a page loads at start with its imports, the pages it frames and what its scripts fetch', () => {
    const files = collectFirstViewFiles(
      manifest,
      {
        html: 'index.html',
        startsLoading: ['src/search/search-page.tsx'],
        frames: ['widget.html'],
        alsoFetches: ['sw.js'],
      },
      readHtml,
    );
    expect(files).toEqual(
      expect.arrayContaining([
        'assets/search-page-1.js',
        'assets/search-page-1.css',
        'assets/texts-1.js',
        'widget.html',
        'assets/widget-1.js',
        'assets/preact-1.js',
        'sw.js',
      ]),
    );
    expect(files).not.toContain('assets/staff-app-1.js');
    expect(new Set(files).size).toBe(files.length);
  });

  it('fails for a page or module the build manifest does not know, so a stale page list cannot pass', () => {
    expect(() => collectFirstViewFiles(manifest, { html: 'public.html' }, readHtml)).toThrow(/public\.html/);
    expect(() =>
      collectFirstViewFiles(manifest, { html: 'index.html', startsLoading: ['src/gone.tsx'] }, readHtml),
    ).toThrow(/src\/gone\.tsx/);
  });
});
