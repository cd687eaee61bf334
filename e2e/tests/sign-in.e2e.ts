import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectVisible, type Stack, startStack, submitLogin } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

describe('sign-in', () => {
  it('shows "E-Mail oder Passwort falsch" for a wrong password and stays on the login page', async () => {
    const page = await stack.newPage('/login');
    await submitLogin(page, 'therapeutin@example.org', 'Falsches-Passwort-1!');
    await expectVisible(page.getByText('E-Mail oder Passwort falsch'));
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it('signs the demo owner in with the code from the e-mail', async () => {
    const page = await stack.newPage('/login');
    await submitLogin(page, 'inhaber@example.org');
    const mail = await stack.smtp.waitForMail('inhaber@example.org');
    const code = mail.subject.match(/(\d{6})/)?.[1] ?? '';
    const dialog = page.getByRole('dialog');
    await expectVisible(dialog);
    await dialog.getByLabel('Zugangscode').fill(code === '000000' ? '111111' : '000000');
    await dialog.getByLabel('Zugangscode').press('Enter');
    await expectVisible(page.getByText('Bitte überprüfen Sie Ihren Zugangscode'));
    await dialog.getByLabel('Zugangscode').fill(code);
    await dialog.getByRole('button', { name: 'Bestätigen' }).click();
    await expectVisible(page.locator('[data-testid="nav-logout"]'));
    const current = await page.evaluate(async () => (await fetch('/api/user/current')).json());
    expect(current.email).toBe('inhaber@example.org');
    await page.context().close();
  });

  it('remembers the page asked for before sign-in and goes there afterwards', async () => {
    const page = await stack.newPage('/settings');
    await page.waitForURL('**/login');
    await submitLogin(page, 'therapeutin@example.org');
    await page.waitForURL('**/settings');
    await expectVisible(page.getByRole('heading', { name: 'Einstellungen' }));
    await page.context().close();
  });

  it('signs out: the server session is gone and guarded pages send back to login', async () => {
    const page = await stack.newPage('/login');
    await submitLogin(page, 'therapeutin@example.org');
    await expectVisible(page.locator('[data-testid="nav-logout"]'));
    await page.locator('[data-testid="nav-logout"]').click();
    await page.waitForURL('**/login');
    const status = await page.evaluate(async () => (await fetch('/api/user/current')).status);
    expect(status).toBe(401);
    await page.goto('/main');
    await page.waitForURL('**/login');
    await page.context().close();
  });

  it('checks the form before sending, shows the password on request and opens the reset page without a reload', async () => {
    const page = await stack.newPage('/login');
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/user/login')) calls.push(request.url());
    });
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expectVisible(page.getByText('Dieses Feld darf nicht leer sein.'));
    expect(await page.getByText('Dieses Feld darf nicht leer sein.').count()).toBe(2);
    await page.getByLabel('E-Mail').fill('therapeutin');
    await expectVisible(page.getByText('Die eingegebene E-Mail-Adresse ist ungültig.'));
    expect(await page.getByLabel('E-Mail').evaluate((input) => input === document.activeElement)).toBe(true);
    expect(calls).toEqual([]);

    const password = page.getByLabel('Passwort', { exact: true });
    await password.fill('Geheim-1!');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Passwort anzeigen' }).click();
    expect(await password.getAttribute('type')).toBe('text');

    // The staff app is drawn in the same page: the marker set here survives only without a page load.
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await page.waitForURL('**/password/reset');
    await expectVisible(page.getByRole('heading', { name: 'Passwort zurücksetzen' }));
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
    await page.context().close();
  });

  it('draws and checks sign-in without the staff app, which is only needed once signed in', async () => {
    const page = await stack.newPage('/impressum');
    // The staff app's code cannot be fetched: sign-in still works, and afterwards the page says what happened.
    await page.route('**/assets/staff-app-*', (route) => route.abort());
    await page.goto('/login');
    await submitLogin(page, 'therapeutin@example.org', 'Falsches-Passwort-1!');
    await expectVisible(page.getByText('E-Mail oder Passwort falsch'));
    await submitLogin(page, 'therapeutin@example.org');
    await expectVisible(page.getByText('Praxia konnte nicht vollständig geladen werden.', { exact: false }));
    await page.unroute('**/assets/staff-app-*');
    await page.getByRole('button', { name: 'Aktualisieren' }).click();
    await expectVisible(page.locator('[data-testid="nav-logout"]'));
    await page.context().close();
  });

  it('takes a user signed in in another tab past the sign-in page', async () => {
    const page = await stack.newPage('/login');
    await submitLogin(page, 'therapeutin@example.org');
    await expectVisible(page.locator('[data-testid="nav-logout"]'));
    // A new tab shares the cookie but not the session storage.
    const tab = await page.context().newPage();
    await tab.goto('/login');
    await expectVisible(tab.locator('[data-testid="nav-logout"]'));
    expect(new URL(tab.url()).pathname).not.toBe('/login');
    await page.context().close();
  });
});
