import { getTrialRemaining } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../apps/api/src/db/schema.js';
import { expectVisible, type Stack, sidebarKeys, startStack, submitLogin } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const BOTTOM = ['help', 'imprint', 'logout', 'privacy', 'terms'];

async function signedInSidebar(email: string): Promise<string[]> {
  const page = await stack.newPage('/login');
  await submitLogin(page, email);
  await expectVisible(page.locator('[data-testid="nav-logout"]'));
  const keys = await sidebarKeys(page);
  await page.context().close();
  return keys;
}

describe('the sidebar follows the permissions', () => {
  it('admin: overview, practices, settings with profile and user list; no calendar, no invoices', async () => {
    expect(await signedInSidebar('admin@example.org')).toEqual(
      [...BOTTOM, 'main', 'customers', 'settings', 'profile', 'userList'].sort(),
    );
  });

  it('assistant: calendar, patients, invoices, settings group and the therapist filter', async () => {
    expect(await signedInSidebar('assistenz@example.org')).toEqual(
      [
        ...BOTTOM,
        'main',
        'calendar',
        'patients',
        'invoices',
        'settings',
        'appointmentTypes',
        'profile',
        'invoiceSettings',
        'userList',
        'therapistFilter',
      ].sort(),
    );
  });

  it('owner with a running trial: everything of a therapist, practices, upgrade item and the processing agreement', async () => {
    expect(await signedInSidebar('coach@example.org')).toEqual(
      [
        ...BOTTOM,
        'main',
        'customers',
        'calendar',
        'patients',
        'invoices',
        'settings',
        'appointmentTypes',
        'profile',
        'invoiceSettings',
        'userList',
        'audit',
        'upgrade',
        'processingAgreement',
      ].sort(),
    );
  });
});

/** Whether the element lies wholly inside the window, i.e. is seen without scrolling. */
async function isInWindow(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
  });
}

describe('a running trial in the shell', () => {
  it('shows the remaining days and an upgrade entry in view at 1280x800, and the days on a phone', async () => {
    const [nord] = await stack.db.select().from(customers).where(eq(customers.name, 'Coaching Nord'));
    const remaining = getTrialRemaining(nord?.trialExpiresAt?.toISOString() ?? '');
    expect(remaining.unit).toBe('days');
    const days = 'count' in remaining ? remaining.count : 0;
    // The demo trial was seeded to end in 10 calendar days: the notice counts 10, not 9.
    expect(days).toBe(10);

    const page = await stack.newPage('/login');
    await page.setViewportSize({ width: 1280, height: 800 });
    await submitLogin(page, 'coach@example.org');
    const notice = page.getByTestId('trial-notice');
    await expectVisible(notice);
    expect((await notice.getByRole('link').first().textContent())?.trim()).toBe(`Testphase: noch ${days} Tage`);
    const upgrade = page.getByTestId('header-upgrade');
    await expectVisible(upgrade);
    expect(await isInWindow(upgrade)).toBe(true);
    await upgrade.click();
    await page.waitForURL('**/customer/upgrade');

    await page.setViewportSize({ width: 360, height: 740 });
    const phoneLink = notice.getByRole('link', { name: `Testphase: noch ${days} Tage` });
    await expectVisible(phoneLink);
    expect(await isInWindow(phoneLink)).toBe(true);
    await page.context().close();
  });

  it('shows no trial notice to a practice with the full version', async () => {
    const page = await stack.newPage('/login');
    await submitLogin(page, 'therapeutin@example.org');
    await expectVisible(page.locator('[data-testid="nav-logout"]'));
    expect(await page.getByTestId('trial-notice').count()).toBe(0);
    await page.context().close();
  });
});

describe('an expired trial', () => {
  it('lands on the upgrade screen, shows only the upgrade item, and keeps the user there', async () => {
    await stack.db
      .update(customers)
      .set({ trialExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(customers.name, 'Coaching Nord'));
    const page = await stack.newPage('/login');
    await submitLogin(page, 'coach@example.org');
    await page.waitForURL('**/customer/upgrade');
    await expectVisible(page.getByText('Ihre Testphase ist abgelaufen.'));
    await expectVisible(page.getByText('34,99 EUR pro Monat inkl. MwSt.'));
    expect(await sidebarKeys(page)).toEqual([...BOTTOM, 'upgrade', 'processingAgreement'].sort());
    await page.goto('/settings');
    await page.waitForURL('**/customer/upgrade');
    await page.context().close();
  });
});
