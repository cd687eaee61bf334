import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
