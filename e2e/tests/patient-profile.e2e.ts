import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, patients, users } from '../../apps/api/src/db/schema.js';
import { expectScreenAccessible } from '../support/screen-checks.js';
import { expectVisible, openSignedIn, type Stack, startStack } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

// The demo patient of the seed (apps/api/src/seed/demo-records.ts): Tim Neumann, Torstraße 101, +49 1511 2345001.
async function demoPatient() {
  const [row] = await stack.db
    .select({ id: users.id, street: users.street, phone: users.phone, patientNumber: patients.patientNumber })
    .from(users)
    .innerJoin(patients, eq(patients.userId, users.id))
    .where(eq(users.email, 'patient@example.org'));
  if (!row) throw new Error('no demo patient');
  return row;
}

describe('a patient’s own profile', () => {
  it('the patient sees their data, edits street and phone, and sees the new values', async () => {
    const before = await demoPatient();
    const page = await openSignedIn(stack, 'patient@example.org', '/user/profile');
    await expectVisible(page.getByRole('heading', { level: 2, name: 'Tim Neumann' }));
    await expectVisible(page.getByText('14.03.1988'));
    await expectVisible(page.getByText('Torstraße 101'));
    await expectVisible(page.getByText('+49 1511 2345001'));
    // Not the staff profile: no job, vita, profile text, billing information or languages.
    for (const label of ['Vita', 'Profiltext', 'Informationen zur Abrechnung', 'Sprachen']) {
      expect(await page.getByText(label, { exact: true }).count(), label).toBe(0);
    }
    await expectVisible(page.getByRole('link', { name: 'Profilbild ändern' }));
    await expectVisible(page.getByRole('link', { name: 'Passwort ändern' }));
    await expectScreenAccessible(page, { title: 'Mein Profil', ready: heading(page, 'Mein Profil') });

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('link', { name: 'Profil bearbeiten' }).click();
    await expectVisible(heading(page, 'Meine Daten bearbeiten'));
    const email = page.getByRole('textbox', { name: 'E-Mail' });
    expect(await email.inputValue()).toBe('patient@example.org');
    expect(await email.isDisabled()).toBe(true);
    await expectVisible(page.getByText('Ihre E-Mail-Adresse ändert Ihre Praxis.', { exact: false }));
    expect(await page.getByLabel('Patientennummer').count()).toBe(0);
    expect(await page.getByLabel('Interne Notiz').count()).toBe(0);
    expect(await page.getByLabel('Geburtsdatum').inputValue()).toBe('14.03.1988');
    await expectScreenAccessible(page, {
      title: 'Meine Daten bearbeiten',
      ready: heading(page, 'Meine Daten bearbeiten'),
    });

    // Cancel goes back without saving.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByLabel('Straße und Hausnummer').fill('Verworfen 1');
    await page.getByRole('button', { name: 'Abbrechen' }).click();
    await expectVisible(heading(page, 'Mein Profil'));
    expect(await page.getByText('Verworfen 1').count()).toBe(0);

    await page.getByRole('link', { name: 'Profil bearbeiten' }).click();
    await expectVisible(heading(page, 'Meine Daten bearbeiten'));
    await page.getByLabel('Telefon', { exact: true }).fill('12');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expectVisible(page.getByText('Bitte geben Sie eine gültige Telefonnummer ein', { exact: false }));
    await page.getByLabel('Straße und Hausnummer').fill('Parkweg 2');
    await page.getByLabel('Telefon', { exact: true }).fill('030 1234567');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expectVisible(page.getByText('Daten wurden übernommen'));
    await expectVisible(heading(page, 'Mein Profil'));
    expect(new URL(page.url()).pathname).toBe('/user/profile');
    await expectVisible(page.getByText('Parkweg 2'));
    await expectVisible(page.getByText('+49 30 1234567'));

    const after = await demoPatient();
    expect(after).toEqual({ ...before, street: 'Parkweg 2', phone: '+49301234567' });
    const changes = await stack.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.patientId, before.id), eq(auditLog.actorUserId, before.id), eq(auditLog.action, 'update')),
      );
    expect(changes.map((row) => row.outcome)).toEqual(['success']);
    await page.context().close();
  });
});
