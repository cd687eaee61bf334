import { afterAll, beforeAll, describe, it } from 'vitest';
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
