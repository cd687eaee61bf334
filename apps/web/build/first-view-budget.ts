import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest, Plugin } from 'vite';
import { collectFirstViewFiles, type FirstViewPage } from './first-view-files';
import { servedBytes } from './precompress';

/** Where Vite writes the build manifest (`build.manifest: true`); the budget and the e2e tests read it. */
export const MANIFEST_FILE = '.vite/manifest.json';

export type FirstView = { name: string; files: string[]; bytes: number; budget: number };

/** Each page's first-view files and their bytes as served (brotli where the build writes it), from a built `outDir`. */
export function measureFirstViews(outDir: string, pages: FirstViewPage[]): FirstView[] {
  const manifest = JSON.parse(readFileSync(join(outDir, MANIFEST_FILE), 'utf8')) as Manifest;
  const readText = (file: string) => readFileSync(join(outDir, file), 'utf8');
  const sizes = new Map<string, number>();
  const sizeOf = (file: string) => {
    const path = join(outDir, file);
    if (!existsSync(path)) throw new Error(`the first view names ${file}, which the build did not write`);
    const bytes = sizes.get(file) ?? servedBytes(file, readFileSync(path));
    sizes.set(file, bytes);
    return bytes;
  };
  return pages.map((page) => {
    const files = collectFirstViewFiles(manifest, page, readText);
    const bytes = files.reduce((sum, file) => sum + sizeOf(file), 0);
    return { name: page.name, files, bytes, budget: page.budget };
  });
}

/**
 * Prints each page's first view and fails the build when one exceeds its budget, so a regression fails `npm test`
 * (which builds). Needs `build.manifest: true`.
 */
export function firstViewBudget(pages: FirstViewPage[]): Plugin {
  let outDir = 'dist';
  return {
    name: 'praxia-first-view-budget',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    writeBundle() {
      const views = measureFirstViews(outDir, pages);
      const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
      console.log('\nFirst view per page (every file the browser fetches to draw it, brotli as served):');
      console.table(
        views.map((view) => ({
          page: view.name,
          files: view.files.length,
          brotli: kB(view.bytes),
          budget: kB(view.budget),
        })),
      );
      const over = views.filter((view) => view.bytes > view.budget);
      if (over.length > 0) {
        this.error(
          `first view over budget: ${over.map((view) => `${view.name}: ${kB(view.bytes)} > ${kB(view.budget)}`).join('; ')}`,
        );
      }
    },
  };
}
