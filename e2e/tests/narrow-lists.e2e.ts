import { formatPracticeDate } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../apps/api/src/db/schema.js';
import { addAuditReads } from '../support/audit-entries.js';
import { findAxeViolations } from '../support/screen-checks.js';
import { expectVisible, openSignedIn, type Stack, startStack } from '../support/stack.js';

/*
 * The lists on a 360 px phone: each row is a card whose name, amount, state and actions show without scrolling
 * sideways, and the table is still a table for screen readers. The phone calendar's heading names its day.
 */

const PHONE = { width: 360, height: 740 };

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
  // The owner's audit log needs entries: reads of a record by the owner.
  await addAuditReads(stack, 'coach@example.org', 3);
});
afterAll(() => stack.close());

async function openOnPhone(email: string, path: string): Promise<Page> {
  const page = await openSignedIn(stack, email, path);
  await page.setViewportSize(PHONE);
  return page;
}

/** Nothing scrolls sideways and axe-core finds nothing, at 360 px. */
async function expectPhoneScreenClean(page: Page): Promise<void> {
  // Let Mantine's transitions settle before colours are measured.
  await page.waitForTimeout(250);
  const scrollWidth = await page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollWidth);
  expect(scrollWidth, page.url()).toBeLessThanOrEqual(PHONE.width);
  expect(await findAxeViolations(page), page.url()).toEqual([]);
}

/** Each element is visible and lies wholly inside the 360 px window (no part hidden off its sides). */
async function expectInsideWindow(...locators: Locator[]): Promise<void> {
  for (const locator of locators) {
    await expectVisible(locator);
    const box = await locator.first().boundingBox();
    expect(box, String(locator)).not.toBeNull();
    expect(box?.x ?? -1, String(locator)).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY), String(locator)).toBeLessThanOrEqual(PHONE.width);
  }
}

/** The cell of a card labelled with its column's name. */
const cell = (row: Locator, column: string) => row.locator(`td[data-label="${column}"]`);

/** What Chromium itself tells assistive technology an element is (CSS display must not turn cells into text). */
async function chromiumRole(page: Page, selector: string): Promise<string> {
  const session = await page.context().newCDPSession(page);
  const { root } = await session.send('DOM.getDocument', { depth: 0 });
  const { nodeId } = await session.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { nodes } = await session.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
  await session.detach();
  return String(nodes[0]?.role?.value ?? '');
}

describe('lists at 360 px', () => {
  it('patient list: name, e-mail and the row actions of the first card show; rows and cells stay a table', async () => {
    const page = await openOnPhone('therapeutin@example.org', '/user/patient-list');
    const row = page.locator('[data-testid^="user-row-"]').first();
    await expectInsideWindow(
      cell(row, 'Nachname'),
      cell(row, 'Vorname'),
      cell(row, 'E-Mail'),
      row.getByRole('button', { name: /^Aktionen für / }),
    );
    // The name in the card, not only its box: the text itself starts and ends inside the window.
    await expectInsideWindow(cell(row, 'Nachname').locator('p'));
    // Sorting stays reachable on the phone.
    await expectInsideWindow(page.getByRole('button', { name: 'Sortieren nach Nachname' }));
    expect(await chromiumRole(page, '[data-testid^="user-row-"] td')).toBe('cell');
    expect(await chromiumRole(page, '[data-testid^="user-row-"]')).toBe('row');
    expect(await chromiumRole(page, 'thead th')).toBe('columnheader');
    await expectPhoneScreenClean(page);
    await page.context().close();
  });

  it('staff list of the owner: name, roles and the row actions of the first card show', async () => {
    const page = await openOnPhone('coach@example.org', '/user/list');
    const row = page.locator('[data-testid^="user-row-"]').first();
    await expectInsideWindow(
      cell(row, 'Nachname'),
      cell(row, 'Rollen'),
      cell(row, 'Praxis'),
      row.getByRole('button', { name: /^Aktionen für / }),
    );
    await expectPhoneScreenClean(page);
    await page.context().close();
  });

  it('invoice list: number, patient, amount, state and actions of the first card show; the dunning dialog too', async () => {
    const page = await openOnPhone('therapeutin@example.org', '/invoice/list');
    const row = page.locator('[data-testid^="invoice-row-"]').first();
    await expectInsideWindow(
      row.getByRole('button', { name: /^Rechnung .* als PDF öffnen$/ }),
      cell(row, 'Patient:in'),
      cell(row, 'Betrag (EUR)').getByText(/\d,\d\d €$/),
      row.locator('[data-testid^="invoice-state-"]'),
      row.getByRole('button', { name: /^Aktionen für Rechnung / }),
    );
    await expectPhoneScreenClean(page);

    // The reminded invoice's dunning dialog lists its reminder as a card as well.
    const reminded = page.locator('[data-testid^="invoice-row-"]', { hasText: 'Zahlungserinnerung' }).first();
    await reminded.getByRole('button', { name: /^Aktionen für Rechnung / }).click();
    await page.getByRole('menuitem', { name: 'Mahnwesen' }).click();
    const dialog = page.getByRole('dialog');
    const notice = dialog.locator('[data-testid^="notice-row-"]').first();
    await expectInsideWindow(
      cell(notice, 'Erstellt am'),
      cell(notice, 'Stufe'),
      cell(notice, 'Status'),
      notice.getByRole('button', { name: /^Aktionen für das Schreiben vom / }),
    );
    await expectPhoneScreenClean(page);
    await page.context().close();
  });

  it('audit log of the owner: when, who, what and the outcome of the first card show', async () => {
    const page = await openOnPhone('coach@example.org', '/audit');
    const row = page.getByRole('region', { name: 'Zugriffsprotokoll' }).locator('tbody tr').first();
    await expectInsideWindow(
      cell(row, 'Zeitpunkt'),
      cell(row, 'Wer').getByText(/\S/),
      cell(row, 'Was'),
      cell(row, 'Ergebnis'),
    );
    await expectPhoneScreenClean(page);
    await page.context().close();
  });
});

describe('the calendar on a phone', () => {
  const weekday = (language: string, day: Date) =>
    new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'Europe/Berlin' }).format(day);

  it('names the day it shows in its heading, and the next day after a step', async () => {
    const page = await openOnPhone('therapeutin@example.org', '/appointment/list');
    const heading = page.getByRole('heading', { level: 2, name: /\d{2}\.\d{2}\.\d{4}/ });
    await expectVisible(page.getByTestId('week-view'));
    const today = new Date();
    expect(await heading.textContent()).toBe(`${weekday('de-DE', today)}, ${formatPracticeDate(today)}`);
    await expectPhoneScreenClean(page);

    await page.getByRole('button', { name: 'Nächster Tag' }).click();
    const tomorrow = new Date(today.getTime() + 24 * 3_600_000);
    await expect
      .poll(() => heading.textContent())
      .toBe(`${weekday('de-DE', tomorrow)}, ${formatPracticeDate(tomorrow)}`);
    // The wide calendar keeps naming its week.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectVisible(page.getByRole('heading', { level: 2, name: /^Woche vom / }));
    await page.context().close();
  });

  it('speaks the interface language: an English user reads the English weekday', async () => {
    await stack.db.update(users).set({ language: 'en' }).where(eq(users.email, 'drs@example.org'));
    const page = await openOnPhone('drs@example.org', '/appointment/list');
    await expectVisible(page.getByTestId('week-view'));
    const today = new Date();
    await expect
      .poll(() => page.getByTestId('week-label').textContent())
      .toBe(`${weekday('en-GB', today)}, ${formatPracticeDate(today)}`);
    await expectPhoneScreenClean(page);
    await page.context().close();
  });
});
