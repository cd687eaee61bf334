import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../../apps/api/test/smtp-capture.js';
import { expectVisible, type Stack, startStack, submitLogin } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

describe('password reset', () => {
  it('requests the link, sets a new password with the rule checklist, and signs in with it', async () => {
    const page = await stack.newPage('/login');
    await page.getByText('Passwort vergessen?').click();
    await page.waitForURL('**/password/reset');
    await expectVisible(page.getByRole('heading', { name: 'Passwort zurücksetzen' }));
    await page.getByLabel('E-Mail').fill('assistenz@example.org');
    await page.getByRole('button', { name: 'Link anfordern' }).click();
    await expectVisible(page.getByText('Wir senden dir eine E-Mail mit den nächsten Schritten zu.'));

    const link = linkIn(await stack.smtp.waitForMail('assistenz@example.org'), '/password/set/');
    await page.goto(link);
    const submit = page.getByRole('button', { name: 'Passwort speichern' });
    await page.getByLabel('Neues Passwort', { exact: true }).fill('kurz');
    await expectVisible(submit);
    if (await submit.isEnabled()) throw new Error('submit must be disabled while the password breaks the rules');
    await page.getByLabel('Neues Passwort', { exact: true }).fill('Neu-Gesetzt-2026!');
    await page.getByLabel('Neues Passwort wiederholen').fill('Neu-Gesetzt-2026!');
    await submit.click();
    await page.waitForURL('**/login');

    await submitLogin(page, 'assistenz@example.org', 'Neu-Gesetzt-2026!');
    await expectVisible(page.locator('[data-testid="nav-logout"]'));

    // The link was single use.
    await page.goto(link);
    await page.getByLabel('Neues Passwort', { exact: true }).fill('Noch-Einmal-2026!');
    await page.getByLabel('Neues Passwort wiederholen').fill('Noch-Einmal-2026!');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await expectVisible(page.getByText('Der Link zum Ändern des Passwortes ist nicht mehr gültig.'));
    await page.waitForURL('**/password/reset');
    await page.context().close();
  });
});

describe('the way from sign-in to the reset page', () => {
  it('keeps the sign-in address while the staff app loads, so the address never names a form that is not shown', async () => {
    const page = await stack.newPage('/login');
    let releaseStaffApp = () => {};
    const staffAppHeld = new Promise<void>((resolve) => {
      releaseStaffApp = resolve;
    });
    let staffAppRequested = () => {};
    const staffAppAsked = new Promise<void>((resolve) => {
      staffAppRequested = resolve;
    });
    await page.route('**/assets/staff-app-*.js', async (route) => {
      staffAppRequested();
      await staffAppHeld;
      await route.continue();
    });
    await page.getByText('Passwort vergessen?').click();
    await staffAppAsked;
    expect(new URL(page.url()).pathname).toBe('/login');

    releaseStaffApp();
    await expectVisible(page.getByRole('heading', { name: 'Passwort zurücksetzen' }));
    expect(new URL(page.url()).pathname).toBe('/password/reset');
    await page.context().close();
  });
});

describe('password reset cancel', () => {
  it('goes to sign-in for a guest and to profile edit for a signed-in user', async () => {
    const page = await stack.newPage('/password/reset');
    await page.getByRole('button', { name: 'Abbrechen' }).click();
    await page.waitForURL('**/login');

    await submitLogin(page, 'therapeutin@example.org');
    await expectVisible(page.locator('[data-testid="nav-logout"]'));
    await page.goto('/password/reset');
    await page.getByRole('button', { name: 'Abbrechen' }).click();
    await page.waitForURL('**/user/profile-edit');
    expect(new URL(page.url()).pathname).toBe('/user/profile-edit');
    await page.context().close();
  });
});

describe('e-mail change', () => {
  it('confirms the new address from the mailed link with the password', async () => {
    const page = await stack.newPage('/login');
    await submitLogin(page, 'therapeutin@example.org');
    await expectVisible(page.locator('[data-testid="nav-logout"]'));
    // The profile screen comes later; its call starts the change as the screen will.
    const status = await page.evaluate(async () => {
      const me = await (await fetch('/api/user/current')).json();
      const response = await fetch(`/api/user/${me.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'miriam.weber@example.net' }),
      });
      return response.status;
    });
    expect(status).toBe(200);

    const link = linkIn(await stack.smtp.waitForMail('miriam.weber@example.net'), '/email/set/');
    await page.goto(link);
    const newAddress = page.getByLabel('Neue E-Mail-Adresse');
    await expectVisible(newAddress);
    expect(await newAddress.inputValue()).toBe('miriam.weber@example.net');
    const submit = page.getByRole('button', { name: 'E-Mail-Adresse ändern' });
    expect(await submit.isEnabled()).toBe(false);
    // A mistyped password may be typed again on the same page.
    await page.getByLabel('Passwort', { exact: true }).fill('Falsch-2026!');
    await page.getByLabel('Passwort', { exact: true }).press('Enter');
    await expectVisible(page.getByText('Das Passwort ist nicht korrekt.'));
    expect(new URL(page.url()).pathname).toBe(new URL(link).pathname);
    await page.getByLabel('Passwort', { exact: true }).fill('Demo-Praxis-2026!');
    await page.getByLabel('Passwort', { exact: true }).press('Enter');
    await expectVisible(page.getByText('Ihre E-Mail-Adresse wurde geändert.'));
    const current = await page.evaluate(async () => (await fetch('/api/user/current')).json());
    expect(current.email).toBe('miriam.weber@example.net');

    // Spec foundations §2: a set-email link that fails (here: used already) goes to profile edit.
    await page.goto(link);
    await page.waitForURL('**/user/profile-edit');
    await page.context().close();
  });
});
