import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Role } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.js';
import { createPractice, createTestApp, createUser, type TestApp } from '../test-app.js';

/*
 * The search and profile pages as a crawler or a link preview reads them: the HTML the server sends, no script run.
 * The web app is a folder of our own with the public entry's HTML shaped as the build writes it.
 */
const webRoot = mkdtempSync(join(tmpdir(), 'praxia-page-head-'));
const ENTRY_SCRIPT = '<script type="module" crossorigin src="/assets/public-pages-Ab12Cd34.js"></script>';

let t: TestApp;
let publicUrl: string;
let therapistId: number;
let practiceId: number;

beforeAll(async () => {
  writeFileSync(
    join(webRoot, 'public-pages.html'),
    `<!doctype html><html lang="de"><head><meta charset="UTF-8" /><title>Praxia</title>${ENTRY_SCRIPT}</head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>staff-app</title>');
  t = await createTestApp({ webRoot });
  publicUrl = t.app.ctx.config.publicUrl;
  // The nearest practice to 20095 is in Norderstedt: the search's title still names the searched place.
  practiceId = await createPractice(t.database, {
    name: 'Praxis <Nord> & "Söhne" $&',
    postalCode: '22846',
    city: 'Norderstedt',
  });
  therapistId = (await createUser(t.database, { roles: Role.THERAPIST, practiceId })).id;
  await t.database.db.update(users).set({ title: 'Dr.' }).where(eq(users.id, therapistId));
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

/** The head's tags as a crawler reads them (attribute values unescaped as a browser would). */
function headOf(html: string) {
  const decoded = (text: string | undefined) =>
    text
      ?.replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  const attribute = (pattern: RegExp) => decoded(pattern.exec(html)?.[1]);
  return {
    titles: [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => decoded(match[1])),
    description: attribute(/<meta name="description" content="([^"]*)">/),
    robots: attribute(/<meta name="robots" content="([^"]*)">/),
    canonical: attribute(/<link rel="canonical" href="([^"]*)">/),
    ogTitle: attribute(/<meta property="og:title" content="([^"]*)">/),
  };
}

describe('the therapist search page as the server sends it', () => {
  it('names the searched place in title and description, with its canonical address, listed on page 1', async () => {
    const response = await page('/suche/psychotherapeuten-in-20095');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(headOf(response.body)).toEqual({
      titles: ['Psychotherapeut:innen in 20095 Hamburg – Praxia'],
      description:
        'Finden Sie Psychotherapeut:innen in 20095 Hamburg und buchen Sie den nächsten freien Termin online.',
      robots: undefined,
      canonical: `${publicUrl}/suche/psychotherapeuten-in-20095`,
      ogTitle: 'Psychotherapeut:innen in 20095 Hamburg – Praxia',
    });
    expect(response.body).not.toContain('Norderstedt');
    // The page itself is still the public entry, which runs for visitors.
    expect(response.body).toContain(ENTRY_SCRIPT);
  });

  it('asks search engines not to list page 2 and beyond, each page naming itself', async () => {
    const head = headOf((await page('/suche/psychotherapeuten-in-20095?page=2')).body);
    expect(head.robots).toBe('noindex');
    expect(head.canonical).toBe(`${publicUrl}/suche/psychotherapeuten-in-20095?page=2`);
    expect(head.titles).toEqual(['Psychotherapeut:innen in 20095 Hamburg – Praxia']);
  });

  it('keeps an unknown or malformed postal code and the empty search out of the lists as the page shows them', async () => {
    const unknown = await page('/suche/psychotherapeuten-in-00000');
    expect(unknown.statusCode).toBe(200);
    expect(headOf(unknown.body)).toMatchObject({
      titles: ['Psychotherapeut:innen in 00000 – Praxia'],
      robots: 'noindex',
    });
    const malformed = headOf((await page('/suche/psychotherapeuten-in-%3Cscript%3E')).body);
    expect(malformed).toMatchObject({ titles: ['Psychotherapeut:innen finden – Praxia'], robots: 'noindex' });
    expect((await page('/suche/psychotherapeuten-in-%3Cscript%3E')).body).not.toContain('<script>');
    const empty = headOf((await page('/suche/psychotherapeuten-in-')).body);
    expect(empty).toMatchObject({ titles: ['Psychotherapeut:innen finden – Praxia'], robots: undefined });
  });
});

describe('the public profile page as the server sends it', () => {
  it("names the therapist and the practice, escaped, with the profile's canonical address", async () => {
    const response = await page(`/psychotherapie/${therapistId}/${practiceId}`);
    expect(response.statusCode).toBe(200);
    expect(headOf(response.body)).toEqual({
      titles: ['Dr. Erika Muster – Praxia'],
      description: 'Dr. Erika Muster, Praxis <Nord> & "Söhne" $&: Profil und Online-Terminbuchung.',
      robots: undefined,
      canonical: `${publicUrl}/psychotherapie/${therapistId}/${practiceId}`,
      ogTitle: 'Dr. Erika Muster – Praxia',
    });
    expect(response.body).not.toContain('<Nord>');
    expect(response.body).toContain('Praxis &lt;Nord&gt; &amp; &quot;Söhne&quot; $&amp;');
  });

  it('answers an unknown therapist, a practice they are not at and a malformed address with 404, the page all the same', async () => {
    const otherPractice = await createPractice(t.database, { postalCode: '22846' });
    for (const url of [
      '/psychotherapie/999999/1',
      `/psychotherapie/${therapistId}/${otherPractice}`,
      '/psychotherapie/abc/1',
    ]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(headOf(response.body), url).toMatchObject({
        titles: ['Benutzer nicht gefunden – Praxia'],
        robots: 'noindex',
        canonical: undefined,
      });
      // The entry still loads and shows 'user not found' with its way back.
      expect(response.body, url).toContain(ENTRY_SCRIPT);
    }
  });
});

describe('other public pages', () => {
  it('keep the entry as it is', async () => {
    const response = await page('/impressum');
    expect(response.statusCode).toBe(200);
    expect(headOf(response.body)).toMatchObject({ titles: ['Praxia'], description: undefined, canonical: undefined });
  });
});
