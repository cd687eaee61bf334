import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { customers } from '../../apps/api/src/db/schema.js';
import { totpCode } from '../../apps/api/test/auth/totp-fixtures.js';
import { expectScreenAccessible } from '../support/screen-checks.js';
import { expectVisible, type Stack, startStack, submitLogin } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

/** Sets up the app from the secret shown beside the QR code; the first code is the previous period's. */
async function enrolFromShownSecret(page: Page, screenTitle: string): Promise<string> {
  await page.getByRole('button', { name: 'Authenticator-App einrichten' }).click();
  const qrCode = page.getByRole('img', { name: 'QR-Code für die Authenticator-App' });
  await expectScreenAccessible(page, { title: screenTitle, ready: qrCode });
  await page.setViewportSize({ width: 1280, height: 800 });
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  await page.getByLabel('Code aus der App (6 Ziffern)').fill(await totpCode(secret, -1));
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  await expectVisible(page.getByText('Ihre Wiederherstellungscodes'));
  await page.getByRole('button', { name: 'Ich habe die Codes gesichert' }).click();
  return secret;
}

describe('an authenticator app as the second factor', () => {
  it('is set up in the profile from the shown secret and then asked for at sign-in', async () => {
    const page = await stack.newPage('/login');
    await submitLogin(page, 'therapeutin@example.org');
    await expectVisible(page.locator('[data-testid="nav-logout"]'));
    await page.goto('/user/profile');
    await expectVisible(page.getByRole('heading', { name: 'Zwei-Faktor-Authentifizierung' }));
    const secret = await enrolFromShownSecret(page, 'Mein Profil');
    await expectVisible(page.getByText('Eingeschaltet'));

    await page.goto('/logout');
    await page.waitForURL('**/login');
    await submitLogin(page, 'therapeutin@example.org');
    await expectVisible(page.getByRole('heading', { name: 'Code aus der Authenticator-App' }));
    await expectVisible(page.getByRole('button', { name: 'Wiederherstellungscode verwenden' }));
    await page.getByLabel('Code aus der App (6 Ziffern)').fill(await totpCode(secret));
    await page.getByRole('button', { name: 'Bestätigen' }).click();
    await expectVisible(page.locator('[data-testid="nav-logout"]'));
    await page.context().close();
  });

  it('leads an assistant of a practice that requires it to the enrolment right after the password', async () => {
    await stack.db.update(customers).set({ requireTwoFactor: true }).where(eq(customers.name, 'Praxis am Park'));
    const page = await stack.newPage('/login');
    await submitLogin(page, 'assistenz@example.org');
    await page.waitForURL('**/user/two-factor-setup');
    await expectVisible(page.getByRole('heading', { name: 'Zweiten Faktor einrichten' }));
    await enrolFromShownSecret(page, 'Zweiten Faktor einrichten');
    await expectVisible(page.locator('[data-testid="nav-logout"]'));
    await page.context().close();
  });
});
