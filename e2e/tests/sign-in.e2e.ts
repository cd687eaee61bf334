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
});
