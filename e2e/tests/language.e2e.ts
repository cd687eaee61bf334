import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectScreenAccessible } from '../support/screen-checks.js';
import { DEMO_PASSWORD, expectVisible, type Stack, startStack, submitLogin } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** axe and the 360 px check (which end at phone width), then back to the desktop, where the sidebar shows. */
async function checkScreen(page: Page, title: string): Promise<void> {
  await expectScreenAccessible(page, { title, ready: heading(page, title) });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The English sign-in form (submitLogin knows the German labels). */
async function signInInEnglish(page: Page, email: string): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('the interface language', () => {
  it('switches to English on the sign-in page and keeps it for the 404 pages until a user signs in', async () => {
    const page = await stack.newPage('/login');
    await expectVisible(heading(page, 'Anmelden'));
    const switcher = page.getByRole('group', { name: 'Sprache' });
    expect(await switcher.getByRole('button', { name: 'Deutsch' }).getAttribute('aria-pressed')).toBe('true');
    await switcher.getByRole('button', { name: 'English' }).click();
    await expectVisible(heading(page, 'Sign in'));
    expect(
      await page
        .getByRole('group', { name: 'Language' })
        .getByRole('button', { name: 'English' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await checkScreen(page, 'Sign in');

    await page.reload();
    await expectVisible(heading(page, 'Sign in'));
    // The staff app's 404 page and the public entry's.
    await page.goto('/gibt-es-nicht');
    await expectVisible(heading(page, 'Oops. Nothing here...'));
    await expectVisible(page.getByRole('button', { name: 'Go Home' }));
    expect(await page.title()).toBe('Page not found – Praxia');
    await page.goto('/search/unbekannt');
    await expectVisible(heading(page, 'Oops. Nothing here...'));
    expect(await page.title()).toBe('Page not found – Praxia');

    // A user who keeps German overrules the guest's choice once signed in.
    await page.goto('/login');
    await signInInEnglish(page, 'assistenz@example.org');
    await expectVisible(page.locator('[data-testid="nav-logout"]'));
    await expectVisible(page.getByRole('link', { name: 'Übersicht' }));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await page.context().close();
  });

  it('is set in the profile, stored on the user and applied after the next sign-in, 404 included', async () => {
    const page = await stack.newPage('/login');
    await submitLogin(page, 'therapeutin@example.org');
    await expectVisible(page.locator('[data-testid="nav-logout"]'));
    await page.goto('/user/profile');
    await checkScreen(page, 'Mein Profil');
    await page.getByRole('radiogroup', { name: 'Sprache der Oberfläche' }).getByText('English').click();
    await expectVisible(heading(page, 'My profile'));
    await expectVisible(page.getByText('Data saved'));

    await page.locator('[data-testid="nav-logout"]').click();
    await page.waitForURL('**/login');
    await expectVisible(heading(page, 'Sign in'));
    await page.context().close();

    // A fresh browser (nothing remembered, a German browser): the user's setting decides after sign-in.
    const fresh = await stack.newPage('/login');
    await expectVisible(heading(fresh, 'Anmelden'));
    await submitLogin(fresh, 'therapeutin@example.org');
    await expectVisible(fresh.locator('[data-testid="nav-logout"]'));
    await expectVisible(fresh.getByRole('link', { name: 'Overview' }));
    expect(await fresh.evaluate(() => document.documentElement.lang)).toBe('en');
    await fresh.goto('/gibt-es-nicht');
    await expectVisible(heading(fresh, 'Oops. Nothing here...'));
    expect(await fresh.title()).toBe('Page not found – Praxia');
    await fresh.goto('/search/unbekannt');
    await expectVisible(heading(fresh, 'Oops. Nothing here...'));
    await fresh.context().close();
  });

  it('is set by a patient on their own profile', async () => {
    const page = await stack.newPage('/login');
    await submitLogin(page, 'patient@example.org');
    await expectVisible(page.locator('[data-testid="nav-logout"]'));
    await page.goto('/user/profile');
    await checkScreen(page, 'Mein Profil');
    await page.getByRole('radiogroup', { name: 'Sprache der Oberfläche' }).getByText('English').click();
    await expectVisible(heading(page, 'My profile'));
    await page.reload();
    await expectVisible(heading(page, 'My profile'));
    await page.context().close();
  });

  it('is chosen by an owner for new staff in the user form, and their invitation speaks it', async () => {
    const page = await stack.newPage('/login');
    await submitLogin(page, 'coach@example.org');
    await expectVisible(page.locator('[data-testid="nav-logout"]'));
    await page.goto('/user/create');
    await checkScreen(page, 'Benutzer anlegen');
    await page.getByLabel('Vorname').fill('Emma');
    await page.getByLabel('Nachname').fill('Jones');
    await page.getByLabel('E-Mail').fill('emma.jones@example.org');
    await page.getByRole('textbox', { name: 'Sprache der Oberfläche' }).click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Anlegen' }).click();
    await page.waitForURL('**/user/edit/*');
    expect((await stack.smtp.waitForMail('emma.jones@example.org')).subject).toBe('Your Praxia access');
    // The owner's own screen stays German.
    await expectVisible(heading(page, 'Benutzer bearbeiten'));
    await page.context().close();
  });
});
