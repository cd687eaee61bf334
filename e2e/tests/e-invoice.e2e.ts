import { readFile } from 'node:fs/promises';
import type { InvoiceListItem } from '@praxia/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectVisible, openSignedIn, type Stack, startStack } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

describe('e-invoices', () => {
  it('the therapist downloads the demo coaching invoice to a GmbH as XRechnung from the invoice list', async () => {
    const page = await openSignedIn(stack, 'therapeutin@example.org', '/invoice/list');
    await page.setViewportSize({ width: 1280, height: 900 });
    const listed = await page.request.get('/api/invoice?limit=0&page=1');
    const list = ((await listed.json()) as { list: InvoiceListItem[] }).list;
    const business = list.find((item) => item.offersXrechnung);
    if (!business) throw new Error('no business invoice in the demo data');
    // A therapy invoice offers no XRechnung.
    const therapy = list.find((item) => !item.offersXrechnung && item.state !== 'deleted');
    if (therapy) {
      await page.getByTestId(`invoice-actions-${therapy.id}`).click();
      await expectVisible(page.getByTestId('invoice-pdf'));
      expect(await page.getByTestId('invoice-xrechnung').count()).toBe(0);
      await page.keyboard.press('Escape');
    }
    await page.getByTestId(`invoice-actions-${business.id}`).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('invoice-xrechnung').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`XRechnung-${business.invoiceNumber}.xml`);
    const xml = await readFile((await download.path()) ?? '', 'utf8');
    expect(xml).toContain('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0');
    expect(xml).toContain(`<ram:ID>${business.invoiceNumber}</ram:ID>`);
    await page.context().close();
  });
});
