import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectScreenAccessible } from '../support/screen-checks.js';
import { expectVisible, openSignedIn, type Stack, startStack } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

type Row = { id: number; invoiceNumber: string; amount: number; state: string; paidAt: string | null };

const euro = (amount: number) =>
  `${new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} €`;
const germanDay = (iso: string) => iso.split('-').reverse().join('.');

async function listed(page: Page, state: string): Promise<{ list: Row[]; sum: number }> {
  const response = await page.request.get(`/api/invoice?limit=0&page=1&state=${state}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { list: Row[]; sum: number };
}

async function filterBy(page: Page, label: string) {
  await page.getByTestId('invoice-state-filter').click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

describe('bank statement import', () => {
  it('the demo therapist filters her open items, imports the sample statement, sees both invoices paid and nothing open; a second import changes nothing', async () => {
    const page = await openSignedIn(stack, 'therapeutin@example.org', '/invoice/list');
    await page.setViewportSize({ width: 360, height: 740 });
    const open = await listed(page, 'open');
    expect(open.list).toHaveLength(2);

    // Open items: the two unpaid demo invoices and their sum.
    await filterBy(page, 'Offen');
    for (const invoice of open.list) await expectVisible(page.getByTestId(`invoice-row-${invoice.id}`));
    await expectVisible(page.getByTestId('invoice-list-sum').getByText(`Summe: ${euro(open.sum)}`));
    await expectScreenAccessible(page, { title: 'Rechnungen', ready: page.getByTestId('invoice-list-sum') });

    // The import screen offers the demo practice's statement; it goes back in as the bank's file.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByTestId('bank-import-link').click();
    await page.waitForURL('**/invoice/bank-import');
    await expectScreenAccessible(page, {
      title: 'Kontoauszug importieren',
      ready: page.getByTestId('bank-import-sample'),
    });
    await page.setViewportSize({ width: 360, height: 740 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('bank-import-sample').click(),
    ]);
    const statement = await readFile((await download.path()) ?? '');
    expect(statement.toString()).toContain('camt.053.001.08');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'Kontoauszug.xml',
      mimeType: 'application/xml',
      buffer: statement,
    });
    await page.getByTestId('bank-import-submit').click();
    await expectVisible(page.getByTestId('bank-import-summary').getByText('2 Rechnungen als bezahlt markiert'));
    for (const invoice of open.list) {
      await expectVisible(page.getByText(`Bezahlt: Rechnung ${invoice.invoiceNumber}`));
    }
    await expectScreenAccessible(page, {
      title: 'Kontoauszug importieren',
      ready: page.getByTestId('bank-import-entries'),
    });

    // The same statement again: nothing changes, and the screen says so.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.locator('input[type="file"]').setInputFiles({
      name: 'Kontoauszug.xml',
      mimeType: 'application/xml',
      buffer: statement,
    });
    await page.getByTestId('bank-import-submit').click();
    await expectVisible(page.getByTestId('bank-import-already'));
    expect(await page.getByTestId('bank-import-entries').getByText('Bereits importiert').count()).toBe(2);

    // A credit naming no invoice waits on the screen, with the choice of invoice to assign it to.
    const unknown = statement
      .toString()
      .replace(/<Ntry>[\s\S]*<\/Ntry>/, (entries) => (entries.split('</Ntry>')[0] ?? '').concat('</Ntry>'))
      .replaceAll('DEMO0001', 'GIFT0001')
      .replace(/<Ustrd>[^<]*<\/Ustrd>/, '<Ustrd>Vielen Dank</Ustrd>');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'Kontoauszug-2.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(unknown),
    });
    await page.getByTestId('bank-import-submit').click();
    await expectVisible(page.getByTestId('bank-import-summary').getByText('1 Gutschriften zuzuordnen'));
    const waiting = page.getByTestId('bank-waiting').getByText('Zuzuordnen', { exact: true });
    await expectScreenAccessible(page, { title: 'Kontoauszug importieren', ready: waiting });
    await page.setViewportSize({ width: 360, height: 740 });

    // The list: both paid on the booking day; no open items left.
    await page.getByRole('link', { name: 'Zurück zu den Rechnungen' }).click();
    await page.waitForURL('**/invoice/list');
    const paid = await listed(page, 'paid');
    for (const invoice of open.list) {
      const row = paid.list.find((candidate) => candidate.id === invoice.id);
      expect(row?.paidAt).not.toBeNull();
      await expectVisible(
        page.getByTestId(`invoice-paid-at-${invoice.id}`).getByText(`bezahlt am ${germanDay(row?.paidAt ?? '')}`),
      );
    }
    await filterBy(page, 'Offen');
    await expectVisible(page.getByTestId('invoice-list-empty'));
    expect((await listed(page, 'open')).list).toEqual([]);
  });
});
