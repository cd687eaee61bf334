import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { VIDEO_PAGE_PREFIX } from '@praxia/shared/public-pages';
import { eq } from 'drizzle-orm';
import type { Manifest } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userCustomers, users } from '../../apps/api/src/db/schema.js';
import { MANIFEST_FILE } from '../../apps/web/build/first-view-budget.js';
import { collectFirstViewFiles } from '../../apps/web/build/first-view-files.js';
import { FIRST_VIEW_PAGES } from '../../apps/web/build/first-view-pages.js';
import { type Stack, startStack } from '../support/stack.js';

/*
 * What the first view costs a visitor: the built assets go out compressed and cached for good, the HTML is asked
 * for again on every visit (so a deploy is seen), and the public pages never load the staff app.
 */

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const get = (path: string, encoding = 'identity') =>
  fetch(`${stack.baseUrl}${path}`, { headers: { 'accept-encoding': encoding } });

/** The staff entry's script and style, as its index.html names them. */
async function staffEntryFiles(): Promise<string[]> {
  const html = await (await get('/login')).text();
  return [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/staff-[^"]+)"/g)].map(
    (match) => match[1] ?? '',
  );
}

describe('static assets', () => {
  it('sends the staff entry script brotli- or gzip-compressed, cached for a year as immutable', async () => {
    const [script] = (await staffEntryFiles()).filter((file) => file.endsWith('.js'));
    expect(script).toMatch(/^\/assets\/staff-[\w-]+\.js$/);
    const brotli = await get(script ?? '', 'br');
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(brotli.headers.get('content-type')).toMatch(/javascript/);
    expect((await get(script ?? '', 'gzip')).headers.get('content-encoding')).toBe('gzip');
    expect((await get(script ?? '')).headers.get('content-encoding')).toBeNull();
  });

  it('has the browser revalidate the HTML, the service worker and the legal PDFs on every use', async () => {
    for (const path of ['/login', '/', '/index.html', '/impressum', '/sw.js', '/docs/agb-therapeuten.pdf']) {
      const response = await get(path, 'br, gzip');
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
    }
  });
});

describe('public pages', () => {
  it('load their own entry and never a staff app file or Mantine', async () => {
    const staffFiles = await staffEntryFiles();
    expect(staffFiles.length).toBeGreaterThan(0);
    const page = await stack.newPage('/login');
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/impressum');
    await page.getByRole('heading', { level: 1, name: 'Impressum' }).waitFor();
    await page.goto('/datenschutz');
    await page.getByTestId('privacy-version').waitFor();

    expect(requested).toContain('/impressum');
    expect(requested.some((path) => path.startsWith('/assets/public-pages-'))).toBe(true);
    expect(requested.filter((path) => staffFiles.includes(path))).toEqual([]);
    const scripts = requested.filter((path) => path.endsWith('.js'));
    for (const script of scripts) {
      expect(await (await get(script)).text(), script).not.toMatch(/mantine/i);
    }
    await page.context().close();
  });

  it('answers an unknown public address with the public entry’s 404 page', async () => {
    const page = await stack.newPage('/search/unbekannt');
    await page.getByRole('heading', { level: 1, name: 'Hoppla. Hier ist nichts …' }).waitFor();
    expect(await page.title()).toBe('Seite nicht gefunden – Praxia');
    await page.context().close();
  });
});

describe('the build’s first-view budget', () => {
  const dist = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));
  const manifest = JSON.parse(readFileSync(`${dist}${MANIFEST_FILE}`, 'utf8')) as Manifest;
  const counted = (name: string) => {
    const page = FIRST_VIEW_PAGES.find((candidate) => candidate.name === name);
    if (!page) throw new Error(`no first-view budget for ${name}`);
    return collectFirstViewFiles(manifest, page, (file) => readFileSync(`${dist}${file}`, 'utf8'));
  };

  /**
   * The files of our own server (not the API, not the page addresses themselves) the page fetches after loading until
   * a second passes without a new request. (The video page never rests by Playwright's measure: it keeps asking.)
   */
  async function filesFetchedBy(path: string): Promise<string[]> {
    const page = await stack.newPage('about:blank');
    const fetched = new Set<string>();
    let lastRequestAt = Date.now();
    page.on('request', (request) => {
      lastRequestAt = Date.now();
      const url = new URL(request.url());
      const isOurFile =
        url.origin === stack.baseUrl && !url.pathname.startsWith('/api/') && request.resourceType() !== 'document';
      if (isOurFile) fetched.add(url.pathname.replace(/^\//, ''));
    });
    await page.goto(path);
    const deadline = Date.now() + 15_000;
    while (Date.now() - lastRequestAt < 1000 && Date.now() < deadline) await page.waitForTimeout(200);
    await page.context().close();
    return [...fetched].sort();
  }

  it('counts every file the browser fetches for the first view of each budgeted page', async () => {
    const [therapist] = await stack.db
      .select({ id: users.id, customerId: userCustomers.customerId })
      .from(users)
      .innerJoin(userCustomers, eq(userCustomers.userId, users.id))
      .where(eq(users.email, 'therapeutin@example.org'));
    if (!therapist) throw new Error('demo therapist missing');
    const addresses: Record<string, string> = {
      '/login': '/login',
      'therapist search': '/suche/psychotherapeuten-in-10115',
      'therapist profile': `/psychotherapie/${therapist.id}/${therapist.customerId}`,
      'booking widget': `/appointment/widget/${therapist.id}/${therapist.customerId}`,
      'video consultation': `${VIDEO_PAGE_PREFIX}unknown-token`,
    };
    expect(Object.keys(addresses).sort()).toEqual(FIRST_VIEW_PAGES.map((page) => page.name).sort());
    for (const [name, path] of Object.entries(addresses)) {
      const fetched = await filesFetchedBy(path);
      const files = counted(name);
      // The page drew from its own entry: the comparison is about a real first view, not an error page.
      expect(fetched.filter((file) => files.includes(file)).length, name).toBeGreaterThan(2);
      expect(
        fetched.filter((file) => !files.includes(file)),
        `${name}: fetched but not counted by the budget`,
      ).toEqual([]);
    }
  });
});
