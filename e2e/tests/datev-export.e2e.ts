import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, invoices } from '../../apps/api/src/db/schema.js';
import { expectVisible, openSignedIn, type Stack, startStack } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

/** A record of the batch: ';'-separated, text in double quotes. */
const fieldsOf = (line: string) => line.split(';').map((field) => field.replace(/^"(.*)"$/, '$1'));

describe('DATEV export', () => {
  it('the assistant sets the adviser’s numbers and chart, then downloads the invoices of this year as a DATEV batch', async () => {
    const page = await openSignedIn(stack, 'assistenz@example.org', '/customer');
    await page.setViewportSize({ width: 1280, height: 900 });
    // The demo practice comes with example numbers.
    await expectVisible(page.getByRole('heading', { name: 'DATEV-Export für die Steuerberatung' }));
    expect(await page.getByLabel('Beraternummer').inputValue()).toBe('1001');
    await page.getByLabel('Mandantennummer').fill('7');
    await page.getByRole('textbox', { name: 'Kontenrahmen' }).click();
    await page.getByRole('option', { name: 'SKR 04' }).click();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expectVisible(page.getByText('Daten wurden übernommen'));
    const [park] = await stack.db.select().from(customers).where(eq(customers.name, 'Praxis am Park'));
    expect(park).toMatchObject({ datevConsultantNumber: 1001, datevClientNumber: 7, datevChart: 'SKR04' });

    await page.goto('/invoice/list');
    await page.getByTestId('nav-therapistFilter').click();
    await page.getByRole('option', { name: /Miriam Weber/ }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('invoice-datev-export').click(),
    ]);
    const year = new Date().getFullYear();
    expect(download.suggestedFilename()).toMatch(new RegExp(`^EXTF_Buchungsstapel_${year}0101_${year}\\d{4}\\.csv$`));
    const text = iconv.decode(await readFile((await download.path()) ?? ''), 'win1252');
    const [header, columns, ...bookings] = text.trimEnd().split('\r\n').map(fieldsOf);
    expect(header?.slice(0, 5)).toEqual(['EXTF', '700', '21', 'Buchungsstapel', '13']);
    expect(header?.slice(10, 12)).toEqual(['1001', '7']);
    expect(header?.[26]).toBe('04');
    expect(columns?.[0]).toBe('Umsatz (ohne Soll/Haben-Kz)');
    // Each demo invoice of this year issued by the therapist books once per tax case, under its number.
    const issued = (
      await stack.db
        .select()
        .from(invoices)
        .where(eq(invoices.customerId, park?.id ?? -1))
    ).filter(
      (row) =>
        row.state !== 'deleted' &&
        row.document.issueDate.startsWith(String(year)) &&
        row.document.therapist.name.includes('Miriam Weber'),
    );
    expect(issued.length).toBeGreaterThan(0);
    const bookedNumbers = new Set(bookings.map((booking) => booking[10]));
    for (const row of issued) {
      expect(bookedNumbers.has(row.document.cancels?.invoiceNumber ?? row.document.invoiceNumber)).toBe(true);
    }
    // Therapy is exempt (§4 Nr. 14 UStG): SKR 04 books it to 4100.
    expect(bookings.some((booking) => booking[7] === '4100')).toBe(true);
    await page.context().close();
  });
});
