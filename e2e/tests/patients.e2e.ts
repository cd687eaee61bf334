import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patients, userDiagnoses, userFeeDefaults, users } from '../../apps/api/src/db/schema.js';
import { expectScreenAccessible } from '../support/screen-checks.js';
import { expectVisible, openSignedIn, type Stack, startStack } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const signedIn = (email: string, path: string) => openSignedIn(stack, email, path);

describe('patients', () => {
  it('an assistant creates a patient with two diagnoses and a GOÄ default at 3,0, then changes the patient number', async () => {
    const page = await signedIn('assistenz@example.org', '/patient/list');
    await page.waitForURL('**/user/patient-list');
    await expectVisible(page.getByTestId('user-list-empty'));
    await expectScreenAccessible(page, { title: 'Patientenakten', ready: page.getByTestId('new-patient') });

    await page.getByTestId('new-patient').click();
    await page.waitForURL('**/user/create?isPatient=true');
    await expectScreenAccessible(page, { title: 'Neue:r Patient:in', ready: page.getByTestId('patient-save') });
    await page.getByLabel('Vorname').fill('Greta');
    await page.getByLabel('Nachname').fill('Grünwald');
    await page.getByLabel('E-Mail').fill('greta.gruenwald@example.org');
    await page.getByLabel('Geburtsdatum').fill('14.03.1985');
    await page.getByLabel('PLZ').fill('10115');
    await page.getByLabel('Ort', { exact: true }).fill('Berlin');

    await page.getByTestId('diagnosis-search').fill('F32.0');
    await page.getByRole('option', { name: /F32\.0 Leichte depressive Episode/ }).click();
    await page.getByLabel('Freitext-Diagnose').fill('Prüfungsangst');
    await page.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
    await expect.poll(() => page.getByTestId('diagnosis-row').count()).toBe(2);

    await page.getByTestId('fee-search').fill('870');
    await page.getByRole('option', { name: /^870, Verhaltenstherapie/ }).click();
    const rate = page.getByTestId('fee-rate');
    await expectVisible(rate);
    expect(await rate.inputValue()).toBe('2,3');
    expect(await page.getByTestId('justification-complexity').isChecked()).toBe(false);
    await rate.fill('3,0');
    // Spec people §5: a rate above 2,3 without a justification selects 'complexity' and writes the sentence.
    await expect.poll(() => page.getByTestId('justification-complexity').isChecked()).toBe(true);
    expect(await page.getByTestId('invoice-remark').inputValue()).toBe(
      'Aufgrund der überdurchschnittlichen Komplexität der Behandlung wird der angegebene Steigerungssatz veranschlagt.',
    );

    await page.getByTestId('patient-save').click();
    await page.waitForURL('**/user/patient-list');
    const [user] = await stack.db.select().from(users).where(eq(users.email, 'greta.gruenwald@example.org'));
    expect(user).toBeDefined();
    const userId = user?.id ?? -1;
    const [record] = await stack.db.select().from(patients).where(eq(patients.userId, userId));
    expect(record).toMatchObject({ birthday: '1985-03-14' });
    expect(record?.invoiceRemark).toContain('Komplexität');
    expect(await stack.db.select().from(userDiagnoses).where(eq(userDiagnoses.userId, userId))).toHaveLength(2);
    const [fee] = await stack.db.select().from(userFeeDefaults).where(eq(userFeeDefaults.userId, userId));
    expect(fee).toMatchObject({ codeValue: '870', incrementalRate: '3.00' });

    const row = page.getByTestId(`user-row-${userId}`);
    await expectVisible(row);
    // The list's export is all of the therapist's patients, and says so (one patient's is in the medical history).
    await expectVisible(page.getByRole('link', { name: 'Alle Patienten exportieren' }));
    // The success toast's close button has no accessible name (lib/notify.ts, reported): close it before axe runs.
    await expectVisible(page.getByText('Daten wurden übernommen'));
    await page.locator('.mantine-Notification-closeButton').click();
    await expect.poll(() => page.locator('.mantine-Notification-root').count()).toBe(0);
    await expectScreenAccessible(page, { title: 'Patientenakten', ready: row });
    // The delete confirmation, open: a named close button and no second banner (features/common/app-modal.tsx).
    await page.getByRole('button', { name: 'Aktionen für Grünwald, Greta' }).click();
    await page.getByRole('menuitem', { name: 'Löschen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Löschen bestätigen' });
    await expectScreenAccessible(page, { title: 'Patientenakten', ready: confirm });
    await confirm.getByRole('button', { name: 'Abbrechen' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    await row.getByText('Grünwald').click();
    await page.waitForURL(`**/user/edit/${userId}`);
    const number = page.getByTestId('patient-number');
    await expectScreenAccessible(page, { title: 'Patientenakte bearbeiten', ready: number });
    // The stored diagnoses and the raised rate's justification come back with the record.
    expect(await page.getByTestId('diagnosis-row').count()).toBe(2);
    expect(await page.getByTestId('justification-complexity').isChecked()).toBe(true);
    await number.focus();
    const dialog = page.getByRole('dialog');
    await expectVisible(dialog.getByText('Patientennummer ändern'));
    await dialog.getByRole('button', { name: 'Ändern' }).click();
    await expect.poll(() => number.evaluate((input) => (input as HTMLInputElement).readOnly)).toBe(false);
    await number.fill('4711');
    await page.getByTestId('patient-save').click();
    await page.waitForURL('**/user/patient-list');
    await expect
      .poll(async () => (await stack.db.select().from(patients).where(eq(patients.userId, userId)))[0]?.patientNumber)
      .toBe(4711);
    await page.context().close();
  });

  it('an admin sees the staff list with roles and the activation column', async () => {
    const page = await signedIn('admin@example.org', '/user/list');
    const [assistant] = await stack.db.select().from(users).where(eq(users.email, 'assistenz@example.org'));
    const row = page.getByTestId(`user-row-${assistant?.id}`);
    await expectVisible(row);
    expect(await row.textContent()).toContain('Assistenz');
    await expectScreenAccessible(page, { title: 'Benutzerliste', ready: row });
    await page.getByTestId('user-list-filter').fill('zzz-nobody');
    await expectVisible(page.getByText('Keine Treffer für Ihre Suche.'));
    await page.context().close();
  });
});
