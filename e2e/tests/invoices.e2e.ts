import { readFile } from 'node:fs/promises';
import { toPracticeIsoDate } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, overdueNotices, patients, users } from '../../apps/api/src/db/schema.js';
import { insertIssuedInvoice } from '../../apps/api/test/invoice-send-fixtures.js';
import { linkIn } from '../../apps/api/test/smtp-capture.js';
import { expectScreenAccessible } from '../support/screen-checks.js';
import { expectVisible, openSignedIn, type Stack, startStack } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const toast = (page: Page, text: string | RegExp) =>
  expectVisible(page.locator('.mantine-Notification-root', { hasText: text }));
const euro = (amount: number) =>
  `${new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} €`;
const thisMonth = () =>
  new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric', timeZone: 'Europe/Berlin' }).format(new Date());
const monthKey = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone: 'Europe/Berlin' })
    .format(new Date(iso))
    .slice(0, 7);

const yesterday = () => toPracticeIsoDate(new Date(Date.now() - 86_400_000));

type Row = { id: number; amount: number; createdAt: string; state: string; kind: string; therapistId: number };

/** The invoices as the list's own call answers them (of one therapist when given), for the numbers screens show. */
async function listedInvoices(page: Page, therapistId?: number): Promise<Row[]> {
  const response = await page.request.get(
    `/api/invoice?limit=0&page=1${therapistId ? `&therapistId=${therapistId}` : ''}`,
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { list: Row[] }).list;
}

/** The patient of the invoice opens the mailed link, requests the SMS code, enters it and gets the stored PDF. */
async function downloadAsPatient(invoiceId: number): Promise<void> {
  const [row] = await stack.db
    .select({ email: users.email, pdfKey: invoices.pdfKey })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.clientId))
    .where(eq(invoices.id, invoiceId));
  const link = linkIn(await stack.smtp.waitForMail(row?.email ?? ''), '/rechnung/');
  const patient = await stack.newPage(link.replace(stack.baseUrl, ''));
  await patient.getByRole('button', { name: 'Code per SMS anfordern' }).click();
  await expectVisible(patient.getByText('Wir haben Ihnen einen Code per SMS gesendet.', { exact: false }));
  const kept = (await (await fetch(`${stack.baseUrl}/api/dev/sms`)).json()) as { list: { text: string }[] };
  await patient
    .getByLabel('6-stelliger Code aus der SMS')
    .fill(/\b(\d{6})\b/.exec(kept.list[0]?.text ?? '')?.[1] ?? '');
  const [download] = await Promise.all([
    patient.waitForEvent('download'),
    patient.getByRole('button', { name: 'Herunterladen' }).click(),
  ]);
  const file = await readFile((await download.path()) ?? '');
  expect(file.equals((await stack.storage.get(row?.pdfKey ?? '')) ?? Buffer.alloc(0))).toBe(true);
  await patient.context().close();
}

// The steps of one assistant's billing round run in order on one stack.
describe('invoices', () => {
  it('an assistant invoices two billable appointments, opens the PDF, sends it (the patient downloads it), marks it paid and unpaid, dunns, is paid after the final notice, and sees the total', async () => {
    const page = await openSignedIn(stack, 'assistenz@example.org', '/appointment/list');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByTestId('nav-therapistFilter').click();
    await page.getByRole('option', { name: /Miriam Weber/ }).click();
    const week = page.getByTestId('week-view');
    await expectVisible(week.locator('[data-state="billable"]'));
    const before = (await listedInvoices(page)).map((row) => row.id);

    // Selection mode "invoice": nothing ticked is refused, two billable sessions are invoiced.
    await page.getByTestId('invoice-menu').click();
    await page.getByTestId('select-invoice').click();
    await expectVisible(page.getByTestId('selection-bar'));
    await page.getByTestId('selection-confirm').click();
    await toast(page, 'Keine Termine angekreuzt.');
    const billable = week.locator('[data-state="billable"]');
    expect(await billable.count()).toBeGreaterThanOrEqual(2);
    await billable.nth(0).click();
    await billable.nth(1).click();
    await page.getByTestId('selection-confirm').click();
    // The demo fees may put a consultation beside a psychotherapy item: the GOÄ warning asks first.
    const warning = page.getByRole('dialog', { name: 'Abrechnungsausschluss nach GOÄ' });
    const created = page.locator('.mantine-Notification-root', { hasText: /Rechnungen? erstellt/ });
    await Promise.race([warning.waitFor({ timeout: 10_000 }), created.waitFor({ timeout: 10_000 })]);
    if (await warning.isVisible()) {
      await expectVisible(warning.getByTestId('exclusions-detail'));
      await warning.getByRole('button', { name: 'Trotzdem abrechnen' }).click();
    }
    await expectVisible(created);
    await expect.poll(() => week.locator('[data-state="billed"]').count()).toBeGreaterThanOrEqual(2);

    // Nothing left to invoice in the past once everything ready is billed.
    await page.getByTestId('invoice-menu').click();
    await page.getByTestId('invoice-all').click();
    await expectVisible(
      page.locator('.mantine-Notification-root', { hasText: /Rechnungen? erstellt|Keine abrechenbaren Termine/ }),
    );

    const fresh = (await listedInvoices(page)).filter((row) => !before.includes(row.id));
    expect(fresh.length).toBeGreaterThanOrEqual(1);
    const invoice = fresh[0] as Row;

    // The list: the new invoice, its PDF in a new tab.
    await page.getByTestId('nav-invoices').click();
    await page.waitForURL('**/invoice/list');
    const row = page.getByTestId(`invoice-row-${invoice.id}`);
    await expectVisible(row);
    await expectVisible(row.getByText(euro(invoice.amount)));
    expect(await page.getByTestId(`invoice-state-${invoice.id}`).textContent()).toBe('Erstellt');
    await expectScreenAccessible(page, { title: 'Rechnungen', ready: row });
    await page.setViewportSize({ width: 1280, height: 900 });
    const [pdf] = await Promise.all([page.context().waitForEvent('page'), row.getByRole('button').first().click()]);
    await pdf.waitForLoadState();
    expect(pdf.url()).toMatch(new RegExp(`/api/invoice/${invoice.id}/file/[^/?]+\\?type=pdf$`));
    const file = await page.request.get(pdf.url());
    expect(file.headers()['content-type']).toContain('application/pdf');
    await pdf.close();

    // Sent by e-mail: the patient's link asks for the SMS code, then downloads the stored PDF.
    await page.getByTestId(`invoice-actions-${invoice.id}`).click();
    await page.getByTestId('invoice-send').click();
    await toast(page, 'Die Rechnung wurde versandt.');
    await expect.poll(() => page.getByTestId(`invoice-state-${invoice.id}`).textContent()).toBe('Versandt');
    await downloadAsPatient(invoice.id);

    // Paid, then unpaid again so it can be dunned.
    await page.getByTestId(`invoice-actions-${invoice.id}`).click();
    await page.getByTestId('invoice-paid').click();
    await toast(page, 'Die Rechnung wurde als bezahlt markiert.');
    await expect.poll(() => page.getByTestId(`invoice-state-${invoice.id}`).textContent()).toMatch(/^Bezahlt/);
    await page.getByTestId(`invoice-actions-${invoice.id}`).click();
    await page.getByTestId('invoice-unpaid').click();
    await toast(page, 'Die Rechnung wurde als unbezahlt markiert.');

    // §286 BGB: no reminder before the due date.
    await page.getByTestId(`invoice-actions-${invoice.id}`).click();
    await page.getByTestId('invoice-dunning').click();
    const dialog = page.getByTestId('dunning-dialog');
    await expectVisible(dialog.getByTestId('dunning-empty'));
    await dialog.getByTestId('dunning-create-reminder').click();
    await toast(page, 'Eine Zahlungserinnerung ist erst nach dem Fälligkeitsdatum der Rechnung möglich.');
    await page.keyboard.press('Escape');
    // Days later the invoice is overdue: a payment reminder, then the final notice once the reminder went out and
    // its own deadline passed.
    await stack.db.update(invoices).set({ dueDate: yesterday() }).where(eq(invoices.id, invoice.id));
    await page.getByTestId(`invoice-actions-${invoice.id}`).click();
    await page.getByTestId('invoice-dunning').click();
    await dialog.getByTestId('dunning-create-reminder').click();
    await toast(page, 'Die Zahlungserinnerung wurde erstellt.');
    await expectVisible(dialog.getByRole('cell', { name: '1. Zahlungserinnerung' }));
    await dialog.getByTestId('dunning-create-notice').click();
    await toast(page, 'Eine Mahnung ist erst möglich, wenn eine Zahlungserinnerung versandt wurde');
    await page.keyboard.press('Escape');
    await stack.db
      .update(overdueNotices)
      .set({ state: 'sent', dueDate: yesterday() })
      .where(eq(overdueNotices.invoiceId, invoice.id));
    await page.getByTestId(`invoice-actions-${invoice.id}`).click();
    await page.getByTestId('invoice-dunning').click();
    await dialog.getByTestId('dunning-create-notice').click();
    await toast(page, 'Die Mahnung wurde erstellt.');
    await expectVisible(dialog.getByRole('cell', { name: 'Mahnung', exact: true }));
    await expectScreenAccessible(page, { title: 'Rechnungen', ready: dialog.getByTestId('dunning-create-reminder') });
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId(`invoice-state-${invoice.id}`).textContent()).toBe('Mahnung erstellt');

    // The round ends with the payment: the dunned invoice is marked paid; it went out by e-mail, so it says so.
    await page.getByTestId(`invoice-actions-${invoice.id}`).click();
    await page.getByTestId('invoice-paid').click();
    await toast(page, 'Die Rechnung wurde als bezahlt markiert.');
    await expect.poll(() => page.getByTestId(`invoice-state-${invoice.id}`).textContent()).toBe('Bezahlt (versandt)');

    // The evaluation: this month's total of what is invoiced and not cancelled, split into paid and open.
    const month = monthKey(new Date().toISOString());
    // The evaluation shows the therapist chosen in the sidebar: the one whose appointments were invoiced.
    const standing = (await listedInvoices(page, invoice.therapistId)).filter(
      (entry) => entry.kind === 'invoice' && entry.state !== 'cancelled' && monthKey(entry.createdAt) === month,
    );
    const sumOf = (rows: Row[]) => rows.reduce((sum, entry) => sum + Math.round(entry.amount * 100), 0) / 100;
    const monthTotal = sumOf(standing);
    const monthPaid = sumOf(standing.filter((entry) => entry.state === 'paid'));
    await page.getByTestId('invoice-evaluation-link').click();
    await page.waitForURL('**/invoice/evaluation');
    const months = page.getByTestId('evaluation-months');
    await expectVisible(months);
    await expectVisible(
      months.getByRole('row', {
        name: `${thisMonth()} ${euro(monthTotal)} ${euro(monthPaid)} ${euro(monthTotal - monthPaid)}`,
      }),
    );
    await expectScreenAccessible(page, { title: 'Auswertung', ready: months });
    await page.context().close();
  });

  it('§14 UStG: a deleted invoice stays in the list with its number, greyed and without actions', async () => {
    const [therapist] = await stack.db.select().from(users).where(eq(users.email, 'therapeutin@example.org'));
    const [patient] = await stack.db
      .select()
      .from(patients)
      .where(eq(patients.therapistId, therapist?.id ?? 0))
      .limit(1);
    if (!therapist || !patient) throw new Error('demo therapist or patient missing');
    const invoice = await insertIssuedInvoice(stack.db, stack.storage, {
      id: patient.customerId,
      therapist: { id: therapist.id },
      patient: { id: patient.userId },
    });
    const page = await openSignedIn(stack, 'assistenz@example.org', '/invoice/list');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByTestId('nav-therapistFilter').click();
    await page.getByRole('option', { name: /Miriam Weber/ }).click();
    await page.setViewportSize({ width: 360, height: 800 });
    const row = page.getByTestId(`invoice-row-${invoice.id}`);
    await expectVisible(row);
    await page.getByTestId(`invoice-actions-${invoice.id}`).click();
    await page.getByTestId('invoice-delete').click();
    const confirm = page.getByRole('dialog', { name: 'Rechnung löschen' });
    await expectVisible(confirm.getByText('als gelöscht in der Liste'));
    await confirm.getByRole('button', { name: 'Löschen' }).click();
    await toast(page, 'Die Rechnung wurde gelöscht.');
    await expect.poll(() => page.getByTestId(`invoice-state-${invoice.id}`).textContent()).toBe('Gelöscht');
    await expectVisible(row.getByText(String(invoice.invoiceNumber), { exact: true }));
    expect(await row.getAttribute('data-deleted')).toBe('true');
    expect(await page.getByTestId(`invoice-actions-${invoice.id}`).count()).toBe(0);
    await expectScreenAccessible(page, { title: 'Rechnungen', ready: row });
    await page.context().close();
  });
});
