import { readFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, users } from '../../apps/api/src/db/schema.js';
import { linkIn } from '../../apps/api/test/smtp-capture.js';
import { expectScreenAccessible } from '../support/screen-checks.js';
import { expectVisible, openSignedIn, type Stack, startStack } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const PATIENT = 'anna.schmidt@example.org';

/** The newest SMS the development outbox kept, read as a developer would from /api/dev/sms. */
async function codeFromOutbox(): Promise<string> {
  const response = await fetch(`${stack.baseUrl}/api/dev/sms`);
  const { list } = (await response.json()) as { list: { recipient: string; text: string }[] };
  expect(list[0]?.recipient).toBe('+4915112345002');
  return /\b(\d{6})\b/.exec(list[0]?.text ?? '')?.[1] ?? '';
}

describe('the patient downloads an invoice through the mailed link and an SMS code', () => {
  it('opens the link, requests the code, is told a wrong code, and gets the PDF for the right one', async () => {
    // The demo therapist sends Anna's open demo invoice (issued through the invoice service at seeding).
    const [anna] = await stack.db.select({ id: users.id }).from(users).where(eq(users.email, PATIENT));
    const [invoice] = await stack.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.clientId, anna?.id ?? 0), eq(invoices.state, 'created')));
    if (!invoice) throw new Error('no open demo invoice of Anna');
    const staff = await openSignedIn(stack, 'therapeutin@example.org', '/main');
    const sent = await staff.evaluate(
      async (id) => (await fetch(`/api/invoice/${id}/send`, { method: 'POST' })).status,
      invoice.id,
    );
    expect(sent).toBe(200);
    await staff.context().close();

    const link = linkIn(await stack.smtp.waitForMail(PATIENT), '/rechnung/');
    const page = await stack.newPage(link.replace(stack.baseUrl, ''));
    const requestCode = page.getByRole('button', { name: 'Code per SMS anfordern' });
    await expectScreenAccessible(page, { title: 'Dokument herunterladen', ready: requestCode });
    await expectVisible(page.getByText(`Rechnung Nr. ${invoice.invoiceNumber}`, { exact: false }));

    await requestCode.click();
    await expectVisible(page.getByText('Wir haben Ihnen einen Code per SMS gesendet.', { exact: false }));
    const code = await codeFromOutbox();
    const field = page.getByLabel('6-stelliger Code aus der SMS');
    expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await field.getAttribute('inputmode')).toBe('numeric');

    await field.fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Herunterladen' }).click();
    await expectVisible(page.getByText('Der Code ist falsch. Verbleibende Versuche: 4.'));
    await expectScreenAccessible(page, { title: 'Dokument herunterladen', ready: field });

    await field.fill(code);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Herunterladen' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Rechnung-${invoice.invoiceNumber}.pdf`);
    const file = await readFile((await download.path()) ?? '');
    expect(file.equals((await stack.storage.get(invoice.pdfKey)) ?? Buffer.alloc(0))).toBe(true);
    await expectVisible(page.getByText('Der Download wurde gestartet.'));
    await page.context().close();

    // An unknown link says so clearly.
    const unknown = await stack.newPage(`/rechnung/${'x'.repeat(43)}`);
    await expectVisible(unknown.getByText('Dieser Link ist unbekannt oder abgelaufen.', { exact: false }));
    await unknown.context().close();
    const english = await stack.newPage(`/rechnung/${'x'.repeat(43)}`, 'en-US');
    await expectVisible(english.getByText('This link is unknown or has expired.', { exact: false }));
    await english.context().close();
  });
});
