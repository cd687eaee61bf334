import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../apps/api/src/db/schema.js';
import { expectScreenAccessible } from '../support/screen-checks.js';
import { type Stack, startStack, submitLogin } from '../support/stack.js';

/*
 * Every screen that exists, at 1280 px and 360 px: named tab, no axe-core violation, no sideways scrolling.
 * A new screen joins with one expectScreenAccessible call.
 */

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

async function signedIn(email: string): Promise<Page> {
  const page = await stack.newPage('/login');
  await submitLogin(page, email);
  await page.locator('[data-testid="nav-logout"]').waitFor();
  return page;
}

async function open(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await expectScreenAccessible(page, { title, ready: heading(page, title) });
}

describe('public screens', () => {
  it('sign-in and account screens', async () => {
    const page = await stack.newPage('/login');
    await expectScreenAccessible(page, { title: 'Anmelden', ready: heading(page, 'Anmelden') });
    // The failure message and the access code dialog of an account with a second factor.
    await submitLogin(page, 'inhaber@example.org', 'Falsches-Passwort-1!');
    await expectScreenAccessible(page, { title: 'Anmelden', ready: page.getByText('E-Mail oder Passwort falsch') });
    await submitLogin(page, 'inhaber@example.org');
    await expectScreenAccessible(page, { title: 'Anmelden', ready: page.getByRole('dialog', { name: 'Zugangscode' }) });
    await page.getByRole('dialog').getByRole('button', { name: 'Bestätigen' }).click();
    await expectScreenAccessible(page, {
      title: 'Anmelden',
      ready: page.getByText('Bitte überprüfen Sie Ihren Zugangscode'),
    });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await open(page, '/registrieren', 'Registrieren');
    await open(page, '/password/reset', 'Passwort zurücksetzen');
    await open(page, '/password/set/some-link-token', 'Neues Passwort festlegen');
    await page.context().close();
  });

  it('legal pages and 404 (public entry), help, the development outbox and the 404 page', async () => {
    const page = await stack.newPage('/impressum');
    await expectScreenAccessible(page, { title: 'Impressum', ready: heading(page, 'Impressum') });
    await open(page, '/datenschutz', 'Datenschutz');
    await open(page, '/help', 'Hilfe');
    await open(page, '/dev/mail', 'Postausgang (Entwicklung)');
    await page.goto('/gibt-es-nicht');
    await expectScreenAccessible(page, {
      title: 'Seite nicht gefunden',
      ready: page.getByRole('heading', { name: 'Hoppla. Hier ist nichts …' }),
    });
    // The public entry's own 404 page, for an address reserved for public pages that has none yet.
    await page.goto('/search/unbekannt');
    await expectScreenAccessible(page, {
      title: 'Seite nicht gefunden',
      ready: page.getByRole('heading', { name: 'Hoppla. Hier ist nichts …' }),
    });
    // /agb only forwards to the terms PDF, which is no HTML screen.
    await page.context().close();
  });
});

describe('signed-in screens', () => {
  it('admin: overview, settings, practices (list, create, edit), 404 with sidebar, and the tab after logout', async () => {
    const page = await signedIn('admin@example.org');
    const [park] = await stack.db.select().from(customers).where(eq(customers.name, 'Praxis am Park'));
    await open(page, '/main', 'Übersicht');
    await open(page, '/settings', 'Einstellungen');
    await open(page, '/customer/list', 'Praxen');
    // At 360 px (where the check ends) the table scrolls in its own box, and says so with a shadow on its edge.
    const table = page.getByRole('region', { name: 'Praxen' });
    await page.getByTestId('table-scroll-hint-right').waitFor();
    await table.evaluate((element) => element.scrollBy({ left: 2000 }));
    await page.getByTestId('table-scroll-hint-left').waitFor();
    await page.getByTestId('table-scroll-hint-right').waitFor({ state: 'detached' });
    await open(page, '/customer/create', 'Praxis anlegen');
    await open(page, `/customer/edit/${park?.id}`, 'Praxis bearbeiten');
    // An administrator pays for nothing: the thank-you address, opened by hand, thanks for nothing.
    await open(page, '/payment/thanks', 'Ihre Zahlung');
    await page.getByTestId('payment-none').waitFor();
    expect(await page.getByTestId('payment-thanks').count()).toBe(0);
    await page.goto('/gibt-es-nicht');
    await expectScreenAccessible(page, {
      title: 'Seite nicht gefunden',
      ready: page.getByRole('heading', { name: 'Hoppla. Hier ist nichts …' }),
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.locator('[data-testid="nav-logout"]').click();
    await page.waitForURL('**/login');
    await expectScreenAccessible(page, { title: 'Anmelden', ready: heading(page, 'Anmelden') });
    await page.context().close();
  });

  it('assistant: overview, settings, the invoice settings with the therapist filter, invoices and evaluation', async () => {
    const page = await signedIn('assistenz@example.org');
    await open(page, '/main', 'Übersicht');
    await open(page, '/settings', 'Einstellungen');
    await open(page, '/customer', 'Rechnungseinstellungen');
    await open(page, '/invoice/list', 'Rechnungen');
    await open(page, '/invoice/evaluation', 'Auswertung');
    await open(page, '/invoice/bank-import', 'Kontoauszug importieren');
    await page.context().close();
  });

  it('owner in the trial: invoice settings, upgrade, thanks without a payment, sandbox checkout, thanks', async () => {
    const page = await signedIn('coach@example.org');
    await open(page, '/main', 'Übersicht');
    await open(page, '/customer', 'Rechnungseinstellungen');
    // No payment started yet: the page explains there is nothing to confirm and leads back, without a thank-you.
    await page.goto('/payment/thanks');
    await expectScreenAccessible(page, { title: 'Ihre Zahlung', ready: page.getByTestId('payment-none') });
    expect(await page.getByTestId('payment-thanks').count()).toBe(0);
    await page.getByRole('link', { name: 'Zurück zu Praxia' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/payment'));
    await open(page, '/customer/upgrade', 'Vollversion freischalten');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Weiter zur Zahlung' }).click();
    await page.waitForURL('**/payment/sandbox/**');
    await expectScreenAccessible(page, {
      title: 'Testzahlung (Sandbox)',
      ready: page.getByRole('button', { name: 'Bezahlt' }),
    });
    await page.getByRole('button', { name: 'Bezahlt' }).click();
    await page.waitForURL('**/payment/thanks');
    const thanks = page.getByTestId('payment-thanks');
    await thanks.waitFor({ timeout: 20_000 });
    await expectScreenAccessible(page, { title: 'Ihre Zahlung', ready: thanks });
    expect(await page.getByTestId('payment-none').count()).toBe(0);
    await page.context().close();
  });
});
