import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../apps/api/src/db/schema.js';
import { expectScreenAccessible } from '../support/screen-checks.js';
import { expectVisible, openSignedIn, type Stack, startStack } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const signedIn = (email: string, path: string) => openSignedIn(stack, email, path);

describe('practice administration', () => {
  it('admin creates a practice, deactivates it (with confirmation) and reactivates it (without)', async () => {
    const page = await signedIn('admin@example.org', '/customer/list');
    await page.getByRole('button', { name: 'Praxis anlegen' }).click();
    await page.waitForURL('**/customer/create');
    await page.getByLabel('Name', { exact: true }).fill('Praxis Sonnenschein');
    await page.getByLabel('Straße und Hausnummer').fill('Sonnenallee 1');
    await page.getByLabel('PLZ').fill('12045');
    await page.getByLabel('Ort', { exact: true }).fill('Berlin');
    await page.getByRole('button', { name: 'Anlegen' }).click();
    await page.waitForURL('**/customer/list');

    const [created] = await stack.db.select().from(customers).where(eq(customers.name, 'Praxis Sonnenschein'));
    expect(created).toBeDefined();
    const row = page.getByTestId(`customer-row-${created?.id}`);
    await expectVisible(row);
    await row.getByRole('button', { name: 'Deaktivieren' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deaktivieren' }).click();
    await expectVisible(row.getByRole('button', { name: 'Aktivieren' }));
    const [deactivated] = await stack.db
      .select()
      .from(customers)
      .where(eq(customers.id, created?.id ?? -1));
    expect(deactivated).toMatchObject({ deactivated: true, status: 'canceled' });

    await row.getByRole('button', { name: 'Aktivieren' }).click();
    await expectVisible(row.getByRole('button', { name: 'Deaktivieren' }));
    expect(await page.getByRole('dialog').count()).toBe(0);
    const [reactivated] = await stack.db
      .select()
      .from(customers)
      .where(eq(customers.id, created?.id ?? -1));
    expect(reactivated).toMatchObject({ deactivated: false, status: 'active' });
    await page.context().close();
  });

  it('admin cannot delete a practice with therapists: the refusal is shown and nothing is deleted', async () => {
    const page = await signedIn('admin@example.org', '/customer/list');
    const [park] = await stack.db.select().from(customers).where(eq(customers.name, 'Praxis am Park'));
    const row = page.getByTestId(`customer-row-${park?.id}`);
    await row.getByRole('button', { name: 'Löschen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
    await expectVisible(page.getByText('solange ihr Therapeut:innen zugeordnet sind', { exact: false }));
    expect(
      await stack.db
        .select()
        .from(customers)
        .where(eq(customers.id, park?.id ?? -1)),
    ).toHaveLength(1);
    await page.context().close();
  });

  it('the owner edits the invoice settings and uploads a logo', async () => {
    const page = await signedIn('coach@example.org', '/customer');
    await page.getByLabel('Zahlungsziel Rechnung (Tage)').fill('21');
    await page.getByLabel('Erste Rechnungsnummer').fill('2026001');
    const logo = await sharp({ create: { width: 120, height: 40, channels: 3, background: '#2a6f97' } })
      .png()
      .toBuffer();
    await page
      .getByLabel('Logo', { exact: true })
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await page
      .getByLabel('Absenderzeile (Rücksendeadresse)')
      .fill('Coaching Nord · Mönckebergstraße 7 · 20095 Hamburg');
    await page.getByLabel('Signatur auf Rechnungen').fill('Sophie Krüger, Coach');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expectVisible(page.getByText('Daten wurden übernommen'));
    const [nord] = await stack.db.select().from(customers).where(eq(customers.name, 'Coaching Nord'));
    expect(nord).toMatchObject({ paymentTermInvoice: 21, firstInvoiceNumber: 2026001 });
    // Stored in the practice's own folder of the file storage.
    expect(nord?.logoFilename).toMatch(new RegExp(`^practices/${nord?.id}/logos/.+\\.png$`));
    await page.context().close();
  });
});

describe('upgrade', () => {
  it('the coach pays through the sandbox checkout and the trial ends', async () => {
    const page = await signedIn('coach@example.org', '/customer/upgrade');
    await expectVisible(page.getByText('34,99 EUR pro Monat inkl. MwSt.'));
    await page.getByRole('button', { name: 'Weiter zur Zahlung' }).click();
    await page.waitForURL('**/payment/sandbox/**');
    await page.getByRole('button', { name: 'Bezahlt' }).click();
    await page.waitForURL('**/payment/thanks');
    await expectVisible(page.getByText('Vielen Dank! Sie können Praxia jetzt uneingeschränkt nutzen.'), 20_000);
    const [nord] = await stack.db.select().from(customers).where(eq(customers.name, 'Coaching Nord'));
    expect(nord).toMatchObject({ trialExpiresAt: null, status: 'active' });
    expect(nord?.subscriptionId).toMatch(/^sbx_sub_/);
    expect(await page.locator('[data-testid="nav-upgrade"]').count()).toBe(0);
    await expectVisible(page.locator('[data-testid="nav-settings"]'));
    // The payment is invoiced to the practice: the invoice settings lead to the upgrade page, which lists it.
    await page.goto('/customer');
    await page.getByTestId('plan-invoices-link').click();
    await page.waitForURL('**/customer/upgrade');
    const invoice = page.getByTestId('plan-invoice');
    await expectVisible(invoice);
    await expectVisible(invoice.getByText('34,99 €'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      invoice.getByRole('link', { name: /^PDF PX-/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Praxia-Rechnung-PX-\d{4}-\d{6}\.pdf$/);
    expect((await readFile((await download.path()) ?? '')).subarray(0, 5).toString()).toBe('%PDF-');
    // The list of the plan's invoices at every width, axe-clean.
    await expectScreenAccessible(page, { title: 'Vollversion freischalten', ready: page.getByTestId('plan-invoice') });
    await page.context().close();
  });
});
