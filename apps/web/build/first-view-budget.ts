import { gzipSync } from 'node:zlib';
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

export type FirstView = { entry: string; files: string[]; gzipBytes: number };

const gzipSize = (content: string | Uint8Array) => gzipSync(content, { level: 9 }).length;

/**
 * What a browser fetches before an entry's page can draw: its HTML, the entry chunk, every chunk it imports
 * statically (transitively) and their CSS. Lazy (dynamic) imports come later and are not counted.
 */
export function measureFirstViews(bundle: OutputBundle): FirstView[] {
  const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const html = Object.values(bundle).filter((output) => output.fileName.endsWith('.html'));
  return chunks
    .filter((chunk) => chunk.isEntry)
    .map((entry) => {
      const files = new Set<string>();
      const visit = (chunk: OutputChunk) => {
        if (files.has(chunk.fileName)) return;
        files.add(chunk.fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const imported of chunk.imports) {
          const next = byFile.get(imported);
          if (next) visit(next);
        }
      };
      visit(entry);
      const page = html.find((output) => output.type === 'asset' && String(output.source).includes(entry.fileName));
      if (page) files.add(page.fileName);
      const gzipBytes = [...files].reduce((sum, file) => {
        const output = bundle[file];
        if (!output) return sum;
        return sum + gzipSize(output.type === 'chunk' ? output.code : output.source);
      }, 0);
      return { entry: page?.fileName ?? entry.name, files: [...files], gzipBytes };
    });
}

/**
 * Prints each entry's first view (gzip) and fails the build when one exceeds its budget, so a regression fails
 * `npm test` (which builds). Budgets are keyed by HTML file, e.g. `{ 'index.html': 150_000 }`.
 */
export function firstViewBudget(budgets: Record<string, number>): Plugin {
  return {
    name: 'praxia-first-view-budget',
    apply: 'build',
    writeBundle(_options, bundle) {
      const views = measureFirstViews(bundle);
      const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
      console.log('\nFirst view per entry (HTML + JS + CSS, gzip):');
      console.table(
        views.map((view) => ({
          entry: view.entry,
          files: view.files.length,
          gzip: kB(view.gzipBytes),
          budget: budgets[view.entry] === undefined ? '-' : kB(budgets[view.entry] ?? 0),
        })),
      );
      const missing = Object.keys(budgets).filter((entry) => !views.some((view) => view.entry === entry));
      const over = views.filter((view) => view.gzipBytes > (budgets[view.entry] ?? Number.POSITIVE_INFINITY));
      if (missing.length > 0) this.error(`first-view budget names entries that were not built: ${missing.join(', ')}`);
      if (over.length > 0) {
        const lines = over.map((view) => `${view.entry}: ${kB(view.gzipBytes)} > ${kB(budgets[view.entry] ?? 0)}`);
        this.error(`first view over budget: ${lines.join('; ')}`);
      }
    },
  };
}
