import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectScreenAccessible } from '../support/screen-checks.js';
import { expectVisible, type Stack, startStack, submitLogin } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ host: 'localhost' });
});
afterAll(() => stack.close());

const EMAIL = 'therapeutin@example.org';

/**
 * Chromium's virtual authenticator (DevTools protocol): a platform authenticator with discoverable credentials that
 * verifies the user (as a fingerprint would) and confirms presence on its own.
 */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('WebAuthn.enable');
  await devtools.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

async function signOut(page: Page): Promise<void> {
  // The accessibility checks leave the phone width, where the sign-out sits in the closed menu.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.locator('[data-testid="nav-logout"]').click();
  await page.waitForURL('**/login');
}

const currentEmail = (page: Page) => page.evaluate(async () => (await (await fetch('/api/user/current')).json()).email);

describe('passkeys', () => {
  it('registers a passkey in the profile, then signs in with it alone and as the second step; a removed one fails', async () => {
    const page = await stack.newPage('/login');
    await addVirtualAuthenticator(page);
    await submitLogin(page, EMAIL);
    await page.locator('[data-testid="nav-logout"]').waitFor();

    await page.goto('/user/profile');
    const section = page.getByRole('region', { name: 'Passkeys' });
    await expectVisible(section.getByText('Sie haben noch keinen Passkey eingerichtet.'));
    await expectScreenAccessible(page, { title: 'Mein Profil', ready: section });
    await section.getByLabel('Name des Passkeys').fill('Arbeitslaptop');
    await section.getByRole('button', { name: 'Passkey hinzufügen' }).click();
    await expectVisible(page.getByText('Der Passkey wurde hinzugefügt.'));
    await expectVisible(section.getByText('Arbeitslaptop'));
    const added = await stack.smtp.waitForMail(EMAIL, 10_000, (mail) => mail.subject.includes('hinzugefügt'));
    expect(added.text).toContain('„Arbeitslaptop“');

    await section.getByRole('button', { name: 'Passkey „Arbeitslaptop“ umbenennen' }).click();
    const renameDialog = page.getByRole('dialog', { name: 'Passkey umbenennen' });
    await expectScreenAccessible(page, { title: 'Mein Profil', ready: renameDialog });
    await renameDialog.getByLabel('Name des Passkeys').fill('Laptop Praxis');
    await renameDialog.getByRole('button', { name: 'Speichern' }).click();
    await expectVisible(section.getByText('Laptop Praxis'));

    // A passkey alone: no e-mail address, no password.
    await signOut(page);
    await expectScreenAccessible(page, {
      title: 'Anmelden',
      ready: page.getByRole('button', { name: 'Mit Passkey anmelden' }),
    });
    await page.getByRole('button', { name: 'Mit Passkey anmelden' }).click();
    await page.locator('[data-testid="nav-logout"]').waitFor();
    expect(await currentEmail(page)).toBe(EMAIL);

    // After the password, the passkey is the second step.
    await signOut(page);
    await submitLogin(page, EMAIL);
    const step = page.getByRole('dialog', { name: 'Mit Passkey bestätigen' });
    await expectScreenAccessible(page, { title: 'Anmelden', ready: step });
    await step.getByRole('button', { name: 'Passkey verwenden' }).click();
    await page.locator('[data-testid="nav-logout"]').waitFor();
    expect(await currentEmail(page)).toBe(EMAIL);

    // Removed in the profile, the passkey the device still holds no longer signs in.
    await page.goto('/user/profile');
    await section.getByRole('button', { name: 'Passkey „Laptop Praxis“ entfernen' }).click();
    await page.getByRole('dialog', { name: 'Passkey entfernen' }).getByRole('button', { name: 'Entfernen' }).click();
    await expectVisible(page.getByText('Der Passkey wurde entfernt.'));
    await expectVisible(section.getByText('Sie haben noch keinen Passkey eingerichtet.'));
    await signOut(page);
    await page.getByRole('button', { name: 'Mit Passkey anmelden' }).click();
    await expectVisible(page.getByText('Mit diesem Passkey ist keine Anmeldung möglich.', { exact: false }));
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });
});
