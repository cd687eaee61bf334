import type { Manifest } from 'vite';

/** A page whose first view has a budget: what the browser fetches from our server until the page is drawn. */
export type FirstViewPage = {
  /** How the build's report names it. */
  name: string;
  /** The HTML file the server answers the page's address with (a key of the build manifest). */
  html: string;
  /** Modules the page imports lazily as soon as it starts (its route's page), as keys of the build manifest. */
  startsLoading?: string[];
  /** Other pages' HTML files the page shows in frames: their first views are fetched with it. */
  frames?: string[];
  /** Files the page's scripts ask for outside the module graph (the service worker). */
  alsoFetches?: string[];
  /** Most bytes the browser may receive for all these files together, compressed as served. */
  budget: number;
};

const FETCHED_LINKS = new Set(['stylesheet', 'modulepreload', 'preload', 'prefetch', 'icon', 'manifest']);

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];

/** A file of our own origin as the build names it ('assets/x.js'); other origins are not ours to count. */
function ownFile(url: string): string | null {
  if (/^([a-z][a-z\d+.-]*:|\/\/)/i.test(url)) return null;
  return url.replace(/[?#].*$/, '').replace(/^\.?\//, '');
}

/** What an HTML file makes the browser fetch by itself: scripts, and links it loads (styles, preloads, icons). */
export function filesNamedInHtml(html: string): string[] {
  const files: string[] = [];
  for (const [tag, name] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const isScript = name?.toLowerCase() === 'script';
    const rels = (attribute(tag, 'rel') ?? '').toLowerCase().split(/\s+/);
    const url = isScript ? attribute(tag, 'src') : rels.some((rel) => FETCHED_LINKS.has(rel)) && attribute(tag, 'href');
    const file = url ? ownFile(url) : null;
    if (file) files.push(file);
  }
  return files;
}

/**
 * Every file of a page's first view: its HTML, what the HTML names, the entry chunk with every chunk it imports
 * statically (transitively) and their styles and assets, the same for the modules it loads at start, the pages it
 * frames, and the files its scripts fetch by themselves. Lazy imports that wait for the visitor are not counted.
 * `readHtml` answers an HTML file's text; a name the manifest does not know fails, so a stale page list cannot pass.
 */
export function collectFirstViewFiles(
  manifest: Manifest,
  page: Pick<FirstViewPage, 'html' | 'startsLoading' | 'frames' | 'alsoFetches'>,
  readHtml: (file: string) => string,
): string[] {
  const files = new Set<string>();
  const visited = new Set<string>();
  const visit = (key: string) => {
    if (visited.has(key)) return;
    visited.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no ${key}`);
    files.add(chunk.file);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const addPage = (html: string) => {
    files.add(html);
    for (const file of filesNamedInHtml(readHtml(html))) files.add(file);
    visit(html);
  };
  addPage(page.html);
  for (const key of page.startsLoading ?? []) visit(key);
  for (const frame of page.frames ?? []) addPage(frame);
  for (const file of page.alsoFetches ?? []) files.add(file);
  return [...files].sort();
}
