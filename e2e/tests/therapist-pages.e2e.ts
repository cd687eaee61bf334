import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectScreenAccessible } from '../support/screen-checks.js';
import { expectVisible, type Stack, startStack } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

describe('therapist search and profile (public)', () => {
  it('finds the demo practice for 10115, opens a profile, and loads map tiles only after the visitor agrees', async () => {
    const page = await stack.newPage('/suche?postcode=10115');
    await page.waitForURL('**/suche/psychotherapeuten-in-10115');
    const card = page.getByRole('link', { name: 'Dipl.-Psych. Miriam Weber' });
    // The searched place names the page, in the tab and the heading.
    await expectScreenAccessible(page, { title: 'Psychotherapeut:innen in 10115 Berlin', ready: card });
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Psychotherapeut:innen in 10115 Berlin' }));
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('10115 Berlin');
    expect(await page.locator('meta[name="robots"]').count()).toBe(0);
    // The demo therapist is addressed as Frau: the feminine job title, not the neutral one.
    const result = page.locator('.result-card', { has: card });
    expect(await result.getByText('Psychologische Psychotherapeutin', { exact: true }).count()).toBe(1);
    // The practice is at the searched code itself.
    await expectVisible(result.getByText('weniger als 1 km entfernt'));

    const tileRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('tile.openstreetmap.org')) tileRequests.push(request.url());
    });
    await card.click();
    await page.waitForURL(/\/psychotherapie\/\d+\/\d+$/);
    const showMap = page.getByRole('button', { name: 'Karte anzeigen' });
    await expectScreenAccessible(page, { title: 'Dipl.-Psych. Miriam Weber', ready: showMap });
    await expectVisible(page.getByRole('heading', { name: 'Therapeutische Schwerpunkte' }));
    expect(await page.locator('.job-title').textContent()).toBe('Psychologische Psychotherapeutin');
    expect(await page.locator('iframe[title^="Online-Terminbuchung"]').getAttribute('src')).toMatch(
      /^\/appointment\/widget\/\d+\/\d+$/,
    );
    await page.waitForTimeout(1500);
    expect(tileRequests).toEqual([]);
    await showMap.click();
    await expectVisible(page.locator('.leaflet-container .practice-marker'));
    await page.context().close();
  });

  it('sends the head in the HTML itself, for crawlers and link previews that run no scripts', async () => {
    const page = await stack.newPage('/impressum');
    const search = await page.request.get('/suche/psychotherapeuten-in-10115?page=2');
    const html = await search.text();
    expect(html).toContain('<title>Psychotherapeut:innen in 10115 Berlin – Praxia</title>');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toMatch(/<link rel="canonical" href="[^"]+\/suche\/psychotherapeuten-in-10115\?page=2">/);
    const found = await page.request.get('/api/user/searchPostalCode?postalCode=10115');
    const weber = (await found.json()).list.find(
      (result: { user: { lastName: string } }) => result.user.lastName === 'Weber',
    );
    const profile = await page.request.get(`/psychotherapie/${weber.user.id}/${weber.customerId}`);
    expect(await profile.text()).toContain('<title>Dipl.-Psych. Miriam Weber – Praxia</title>');
    expect((await page.request.get('/psychotherapie/999999/1')).status()).toBe(404);
    // The page keeps noindex on page 2 once it runs.
    await page.goto('/suche/psychotherapeuten-in-10115?page=2');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Psychotherapeut:innen in 10115 Berlin' }));
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await page.context().close();
  });

  it('says so for an unknown postal code, and "user not found" for an unknown therapist', async () => {
    const search = await stack.newPage('/suche/psychotherapeuten-in-00000');
    await expectVisible(search.getByText('Die Postleitzahl 00000 ist uns nicht bekannt', { exact: false }));
    await search.context().close();
    // Spec appointments §2.6: an unknown therapist shows the error and goes back where the visitor came from.
    const profile = await stack.newPage('/suche/psychotherapeuten-in-10115');
    await expectVisible(profile.getByRole('heading', { level: 1, name: 'Psychotherapeut:innen in 10115 Berlin' }));
    await profile.goto('/psychotherapie/999999/1');
    await expectVisible(profile.getByRole('heading', { name: 'Benutzer nicht gefunden' }));
    await profile.getByRole('button', { name: 'Zurück' }).click();
    await profile.waitForURL('**/suche/psychotherapeuten-in-10115');
    await profile.context().close();
  });
});
