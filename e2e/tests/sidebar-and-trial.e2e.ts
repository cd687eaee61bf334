import { eq } from 'drizzle-orm';
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
        'upgrade',
        'processingAgreement',
      ].sort(),
    );
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
