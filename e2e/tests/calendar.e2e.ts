import { and, eq, isNull } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, users } from '../../apps/api/src/db/schema.js';
import { expectScreenAccessible } from '../support/screen-checks.js';
import { expectVisible, openSignedIn, type Stack, startStack } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const toast = (page: Page, text: string) =>
  expectVisible(page.locator('.mantine-Notification-root', { hasText: text }));
const day = (page: Page, index: number) => page.getByTestId(`day-${index}`);
/**
 * Picks the appointment type in the dialog, opening its list again when it closed: a click while the dialog still
 * moves in can open the list just before the dialog's focus trap takes the focus, which closes it (seen once in CI).
 */
async function chooseType(page: Page, name: string): Promise<void> {
  const option = page.getByRole('option', { name });
  for (let attempt = 1; attempt <= 3; attempt++) {
    if (!(await option.isVisible())) await page.getByRole('dialog').getByTestId('appointment-type').click();
    const shown = await option
      .waitFor({ state: 'visible', timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (shown) break;
  }
  await option.click();
}
const cells = (page: Page, index: number, state: string) => day(page, index).locator(`[data-state="${state}"]`);

/** Weeks ahead of the demo calendar (this week, next week and a four-week Tuesday series): a clean week. */
const CLEAN_WEEK = 5;
/** Beyond the series the first test creates there: the billing tests' own week. */
const BILLING_WEEK = CLEAN_WEEK + 4;
/**
 * Where the billing tests' session goes once it "took place": a past week the demo data leaves empty (its invoices
 * lie 2 to 11 weeks back), since only an appointment that has ended is billed.
 */
const PAST_BILLING_WEEK = -20;
/** Today's weekday (0 for Monday): the one day column a 360 px screen shows. */
const TODAY = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(
  new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', weekday: 'short' }).format(new Date()),
);

/** The calendar of a week the demo data leaves empty, at desktop width. */
async function openCleanWeek(email: string, weeksAhead = CLEAN_WEEK): Promise<Page> {
  const page = await openSignedIn(stack, email, '/appointment/list');
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectVisible(page.getByTestId('week-view'));
  for (let week = 0; week < Math.abs(weeksAhead); week++) {
    await page.getByTestId(weeksAhead < 0 ? 'previous' : 'next').click();
  }
  return page;
}

describe('appointment types', () => {
  it('lists, creates and (de)activates types; the last active one stays', async () => {
    const page = await openSignedIn(stack, 'coach@example.org', '/appointment/types');
    await expectScreenAccessible(page, { title: 'Terminarten', ready: page.getByTestId('type-create') });
    await expectVisible(page.getByRole('cell', { name: 'Therapiesitzung' }));

    await page.getByTestId('type-create').click();
    await page.waitForURL('**/appointment/types/create');
    await expectScreenAccessible(page, { title: 'Neue Terminart', ready: page.getByTestId('type-save') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByLabel('Name').fill('Erstgespräch');
    await page.getByLabel('Dauer in Minuten').fill('1000');
    await expectVisible(page.getByText('Bitte geben Sie die Dauer in Minuten ein (höchstens drei Ziffern).'));
    await page.getByLabel('Dauer in Minuten').fill('0');
    await expectVisible(page.getByText('Der Wert darf nicht 0 sein.'));
    await page.getByLabel('Dauer in Minuten').fill('90');
    await page.getByTestId('type-save').click();
    await page.waitForURL('**/appointment/types');
    await expectVisible(page.getByRole('cell', { name: 'Erstgespräch' }));

    // Deactivate both: the second refusal is the spec's warning, the type stays active.
    for (const name of ['Erstgespräch', 'Therapiesitzung']) {
      await page.getByRole('button', { name: `Aktionen für ${name}` }).click();
      await page.getByRole('menuitem', { name: 'Deaktivieren' }).click();
    }
    await toast(page, 'Mindestens eine Terminart muss aktiv bleiben.');

    // The private calendar feed: its secret address is shown once; a new one asks first and replaces it.
    await page.getByTestId('calendar-feed-renew').click();
    const url = page.getByTestId('calendar-feed-url');
    await expectVisible(url);
    const first = await url.inputValue();
    expect(first).toMatch(/^http.*\/api\/calendar-feed\/.+\.ics$/);
    expect((await fetch(first)).headers.get('content-type')).toContain('text/calendar');
    await page.getByTestId('calendar-feed-renew').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Neue Abo-Adresse erzeugen' }).click();
    await expect.poll(() => url.inputValue()).not.toBe(first);
    const second = await url.inputValue();
    await page.getByTestId('calendar-feed-revoke').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Abo beenden' }).click();
    await toast(page, 'Das Kalender-Abo wurde beendet.');
    expect((await fetch(second)).status).toBe(404);
    await page.context().close();
  });
});

// The tests of this block run in order on one stack: later ones look at what the first one booked in the clean week.
describe('the calendar', () => {
  /** The appointment the billing tests book, make billable and invoice. */
  let billingId = 0;
  it('a therapist creates a weekly series, books, copies, sees an overlap and marks billable by selection', async () => {
    const page = await openCleanWeek('therapeutin@example.org');

    // A weekly series of three free slots from Monday 09:00, made by clicking the empty slot.
    await day(page, 0).getByTestId('slot-09:00').click();
    const dialog = page.getByRole('dialog');
    await expectVisible(dialog.getByTestId('appointment-start'));
    // The type sets the end: 50 minutes after the start.
    await chooseType(page, 'Therapiesitzung');
    expect(await dialog.getByTestId('appointment-end').inputValue()).toMatch(/ 09:50$/);
    await dialog.getByTestId('series-interval').click();
    await page.getByRole('option', { name: 'Jede Woche' }).click();
    await dialog.getByTestId('series-count').fill('1');
    await expectVisible(dialog.getByText('Die Anzahl der Termine muss zwischen 2 und 50 liegen.'));
    await dialog.getByTestId('series-count').fill('3');
    await dialog.getByTestId('appointment-save').click();
    await toast(page, '3 Termine wurden angelegt.');
    await expectVisible(cells(page, 0, 'available'));

    // Book it for a demo patient: her fee defaults appear on the appointment.
    await cells(page, 0, 'available').first().click();
    // Found by her full name, as one says it.
    await dialog.getByTestId('patient-picker').fill('Anna Schmidt');
    await page.getByRole('option', { name: /Schmidt, Anna/ }).click();
    await dialog.getByRole('button', { name: 'Buchen' }).click();
    await toast(page, 'Der Termin wurde gebucht.');
    await expectVisible(cells(page, 0, 'taken'));
    await cells(page, 0, 'taken').first().click();
    await expectVisible(dialog.getByTestId('appointment-fee').filter({ hasText: 'GOÄ 870' }));
    expect(await dialog.getByTestId('appointment-fee-rate').inputValue()).toBe('3');
    // Her raised rate came with its own justification, which the invoice prints under the line.
    expect(await dialog.getByTestId('appointment-fee-justification').inputValue()).toContain(
      'besonderen Schwierigkeit',
    );
    // A rate above the item's maximum is refused in the dialog, before anything is sent.
    await dialog.getByTestId('appointment-fee-rate').fill('4,0');
    await dialog.getByTestId('appointment-fee-search').click();
    await expectVisible(dialog.getByText('Bitte geben Sie einen Steigerungssatz zwischen 1 und 3,5 ein.'));
    await dialog.getByTestId('appointment-fee-rate').fill('3');
    // Fee entries on the appointment: the GOÄ search starts with one character.
    await dialog.getByTestId('appointment-fee-search').fill('1');
    await page.getByRole('option', { name: /^1, / }).click();
    await expect.poll(() => dialog.getByTestId('appointment-fee').count()).toBe(2);
    await dialog.getByRole('button', { name: /^Position GOÄ 1 / }).click();
    await expect.poll(() => dialog.getByTestId('appointment-fee').count()).toBe(1);
    await page.keyboard.press('Escape');

    // Copy it to Tuesday 11:00.
    await page.getByTestId('copy-toggle').click();
    await cells(page, 0, 'taken').first().click();
    await expectVisible(page.getByText('Klicken Sie auf eine freie Zeit, um die Kopie einzufügen.'));
    await day(page, 1).getByTestId('slot-11:00').click();
    await toast(page, 'Der Termin wurde kopiert.');
    await expectVisible(day(page, 1).locator('[data-state]'));
    await page.getByRole('button', { name: 'Kopieren abbrechen' }).click();

    // An overlap: 08:30 with a 50-minute type runs into the 09:00 appointment.
    await day(page, 0).getByTestId('slot-08:30').click();
    await expectVisible(dialog.getByTestId('appointment-start'));
    await chooseType(page, 'Therapiesitzung');
    await dialog.getByTestId('appointment-save').click();
    await toast(page, 'Termin würde sich überschneiden');
    await page.keyboard.press('Escape');

    // 'Make all billable' takes the ready past sessions of the demo week; a second time nothing is left.
    await page.getByTestId('invoice-menu').click();
    await page.getByTestId('all-billable').click();
    await expectVisible(
      page.locator('.mantine-Notification-root', { hasText: /jetzt abrechenbar|Keine abrechenbaren/ }),
    );
    await page.getByTestId('invoice-menu').click();
    await page.getByTestId('all-billable').click();
    await toast(page, 'Keine abrechenbaren Termine in der Vergangenheit vorhanden.');

    // Make it billable through the selection mode.
    await page.getByTestId('invoice-menu').click();
    await page.getByTestId('select-billable').click();
    await expectVisible(page.getByTestId('selection-bar'));
    await page.getByTestId('selection-confirm').click();
    await toast(page, 'Keine Termine angekreuzt.');
    // §14 UStG: the clean week lies ahead, and a session is billed only once it has ended.
    await cells(page, 0, 'taken').first().click();
    await page.getByTestId('selection-confirm').click();
    await toast(page, 'Der Termin ist noch nicht beendet. Abgerechnet wird erst nach der Leistung.');
    expect(await cells(page, 0, 'billable').count()).toBe(0);
    await page.context().close();
  });

  it('asks for the patient of a guest’s booking held on a patient’s e-mail, and assigns it after checking', async () => {
    const [therapist] = await stack.db.select().from(users).where(eq(users.email, 'therapeutin@example.org'));
    const [held] = await stack.db
      .select()
      .from(appointments)
      .where(
        and(
          eq(appointments.therapistId, therapist?.id ?? 0),
          eq(appointments.state, 'taken'),
          isNull(appointments.clientId),
        ),
      );
    if (!held) throw new Error('the demo has no held booking');
    // The demo holds it on next week's Thursday.
    const page = await openCleanWeek('therapeutin@example.org', 1);
    const cell = page.getByTestId(`appointment-${held.id}`);
    await expectVisible(cell);
    expect(await cell.getByTestId('cell-state').innerText()).toBe('Gebucht · Patient zuordnen');
    await cell.click();
    const dialog = page.getByRole('dialog');
    const alert = dialog.getByTestId('held-booking');
    await expectVisible(alert.getByRole('button', { name: /^Zuordnen: / }));
    expect(await alert.innerText()).toContain('Lena');
    expect(await dialog.getByTestId('make-billable').count()).toBe(0);
    await expectScreenAccessible(page, { title: 'Kalender', ready: alert });
    await page.setViewportSize({ width: 1280, height: 900 });

    await alert.getByRole('button', { name: /^Zuordnen: / }).click();
    await toast(page, 'Der Termin wurde der Patientenakte zugeordnet.');
    await expect.poll(async () => cell.getByTestId('cell-state').innerText()).not.toContain('Patient zuordnen');
    const [assigned] = await stack.db.select().from(appointments).where(eq(appointments.id, held.id));
    expect(assigned?.clientId).not.toBeNull();
    expect(assigned?.clientEmail).toBe(held.clientEmail);
    await page.context().close();
  });

  it('moves by keyboard between slots and days and opens with Enter', async () => {
    const page = await openCleanWeek('therapeutin@example.org');
    await day(page, 0).getByTestId('slot-08:00').focus();
    await page.keyboard.press('ArrowRight');
    const focused = () => page.evaluate(() => document.activeElement?.closest('fieldset')?.dataset.testid ?? '');
    expect(await focused()).toBe('day-1');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await page.getByRole('dialog').getByTestId('appointment-start').inputValue()).toMatch(/ 08:30$/);
    await page.context().close();
  });

  it('passes the screen checks as week view and table, with one day column at 360 px', async () => {
    // The demo week first: every kind of cell (free, booked, billable, online, hints). Late in the week the first
    // test has made every past session billable, so any booked cell will do.
    const demo = await openSignedIn(stack, 'therapeutin@example.org', '/appointment/list');
    await expectVisible(demo.locator('[data-state="taken"], [data-state="billable"]'));
    await expectScreenAccessible(demo, { title: 'Kalender', ready: demo.getByTestId('week-view') });
    await demo.context().close();

    const page = await openCleanWeek('therapeutin@example.org');
    await expectScreenAccessible(page, { title: 'Kalender', ready: page.getByTestId('week-view') });
    await page.setViewportSize({ width: 360, height: 740 });
    await expect.poll(() => page.locator('[data-testid^="day-header-"]').count()).toBe(1);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByTestId('view-toggle').click();
    await expectVisible(page.getByTestId('appointment-table'));
    await expectScreenAccessible(page, { title: 'Kalender', ready: page.getByTestId('appointment-table') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByTestId('user-list-filter').fill('Schmidt');
    await expect.poll(() => page.locator('[data-testid^="appointment-row-"]').count()).toBeGreaterThan(0);
    await page.getByTestId('user-list-filter').fill('Niemand');
    await expectVisible(page.getByTestId('appointment-table-empty'));

    // The create dialog, at both widths.
    await page.getByTestId('view-toggle').click();
    await day(page, 0).getByTestId('slot-12:00').click();
    await expectScreenAccessible(page, {
      title: 'Kalender',
      ready: page.getByRole('dialog').getByTestId('appointment-save'),
    });
    await page.context().close();
  });

  it('deletes a future series member with all following ones', async () => {
    const page = await openCleanWeek('therapeutin@example.org');
    await page.getByTestId('next').click();
    await cells(page, 0, 'available').first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
    await expectVisible(page.getByText(/gehört zu einer Serie/));
    await page.getByTestId('delete-following').click();
    await toast(page, 'Der Termin wurde gelöscht.');
    await expect.poll(() => cells(page, 0, 'available').count()).toBe(0);
    await page.getByTestId('next').click();
    await expect.poll(() => cells(page, 0, 'available').count()).toBe(0);
    await page.context().close();
  });

  it('an assistant switches the therapist in the sidebar and sees the other calendar', async () => {
    const page = await openCleanWeek('assistenz@example.org');
    const filter = page.getByTestId('nav-therapistFilter');
    await filter.click();
    await page.getByRole('option', { name: /Miriam Weber/ }).click();
    await expectVisible(day(page, 0).locator('[data-state]'));
    await filter.click();
    await page.getByRole('option', { name: /Jonas Hartmann/ }).click();
    await expect.poll(() => day(page, 0).locator('[data-state]').count()).toBe(0);
    await page.context().close();
  });

  it('books a typed-in client with salutation and phone country; offers "Abrechenbar machen" only when complete', async () => {
    const page = await openCleanWeek('therapeutin@example.org', BILLING_WEEK);
    const dialog = page.getByRole('dialog');

    // A new client typed into the dialog: salutation and phone country as in the patient form.
    await day(page, TODAY).getByTestId('slot-09:00').click();
    await chooseType(page, 'Therapiesitzung');
    await dialog.getByTestId('new-patient-inline').click();
    await dialog.getByTestId('client-salutation').click();
    await page.getByRole('option', { name: 'Herr', exact: true }).click();
    await dialog.getByLabel('Vorname').fill('Jakob');
    await dialog.getByLabel('Nachname').fill('Vollständig');
    await dialog.getByLabel('E-Mail', { exact: true }).fill('jakob.vollstaendig@example.org');
    await dialog.getByTestId('client-phone-country').fill('Österreich');
    await page.getByRole('option', { name: /^Österreich/ }).click();
    await dialog.getByLabel('Telefon', { exact: true }).fill('0664 1234567');
    await dialog.getByLabel('Straße und Hausnummer').fill('Ringstraße 1');
    await dialog.getByLabel('PLZ').fill('10115');
    await dialog.getByLabel('Ort', { exact: true }).fill('Berlin');
    await dialog.getByTestId('appointment-save').click();
    await page.getByRole('button', { name: 'Fortfahren' }).click();
    await toast(page, 'Der Termin wurde gebucht.');
    const booked = cells(page, TODAY, 'taken').first();
    await expectVisible(booked);
    billingId = Number((await booked.getAttribute('data-testid'))?.replace('appointment-', ''));
    const cell = page.getByTestId(`appointment-${billingId}`);
    const [stored] = await stack.db.select().from(appointments).where(eq(appointments.id, billingId));
    expect(stored).toMatchObject({ clientSalutation: 'Herr', clientPhoneCountry: 'AT', clientPhone: '+436641234567' });

    // The state in words and what billing needs; without fees the dialog says so instead of offering the action.
    expect(await cell.getByTestId('cell-state').innerText()).toBe('Gebucht · Honorar fehlt');
    expect(await cell.getByTestId('icon-complete').count()).toBe(0);
    await cell.click();
    await expectVisible(dialog.getByTestId('billing-hint').filter({ hasText: 'Honorar fehlt' }));
    expect(await dialog.getByTestId('make-billable').count()).toBe(0);
    await expectScreenAccessible(page, { title: 'Kalender', ready: dialog.getByTestId('billing-hint') });
    await page.setViewportSize({ width: 1280, height: 900 });

    // A fee entry completes the data: the cell shows the check icon; the session has not taken place yet, so the
    // dialog says when it becomes billable instead of offering the action (§14 Abs. 4 Nr. 6 UStG).
    await dialog.getByTestId('appointment-fee-search').fill('1');
    await page.getByRole('option', { name: /^1, / }).click();
    await expectVisible(dialog.getByTestId('billing-hint').filter({ hasText: 'Abrechenbar nach dem Termin' }));
    expect(await dialog.getByTestId('make-billable').count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => cell.getByTestId('cell-state').innerText()).toBe('Gebucht · Bereit zur Abrechnung');
    await expectVisible(cell.getByRole('img', { name: 'Rechnungsdaten vollständig' }));
    await expectScreenAccessible(page, { title: 'Kalender', ready: cell.getByTestId('icon-complete') });
    await page.setViewportSize({ width: 1280, height: 900 });

    // §14 UStG: not billable before it has ended; the server refuses it too.
    const refused = await page.request.patch(`/api/appointment/${billingId}`, {
      data: { state: 'billable' },
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(refused.status()).toBe(409);
    expect(await cell.getByTestId('cell-state').innerText()).toBe('Gebucht · Bereit zur Abrechnung');
    await page.context().close();

    // Once it took place (moved to a past week, as if the weeks had gone by), it becomes billable.
    const weeks = (BILLING_WEEK - PAST_BILLING_WEEK) * 7 * 86_400_000;
    await stack.db
      .update(appointments)
      .set({
        startsAt: new Date((stored?.startsAt.getTime() ?? 0) - weeks),
        endsAt: new Date((stored?.endsAt.getTime() ?? 0) - weeks),
      })
      .where(eq(appointments.id, billingId));
    const past = await openCleanWeek('therapeutin@example.org', PAST_BILLING_WEEK);
    const pastCell = past.getByTestId(`appointment-${billingId}`);
    await pastCell.click();
    await past.getByRole('dialog').getByTestId('make-billable').click();
    await toast(past, 'Daten wurden übernommen');
    await expect.poll(() => pastCell.getByTestId('cell-state').innerText()).toBe('Abrechenbar · Bereit zur Abrechnung');
    await past.context().close();
  });

  it('links "Rechnung erstellt" to the invoice in cell dialog and table; the table pages by week or all', async () => {
    const page = await openCleanWeek('therapeutin@example.org', PAST_BILLING_WEEK);
    const dialog = page.getByRole('dialog');
    const cell = page.getByTestId(`appointment-${billingId}`);
    await expectVisible(cell);

    // Invoiced: "Rechnung erstellt" in the cell, and in the dialog a link to the invoice's PDF.
    await page.getByTestId('invoice-menu').click();
    await page.getByTestId('select-invoice').click();
    await cell.click();
    await page.getByTestId('selection-confirm').click();
    await toast(page, 'Rechnung erstellt');
    await expect.poll(() => cell.getByTestId('cell-state').innerText()).toBe('Abgerechnet · Rechnung erstellt');
    await cell.click();
    const link = dialog.getByRole('link', { name: /^Rechnung erstellt/ });
    await expectVisible(link);
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/api\/invoice\/\d+\/file\/[^/?]+\.pdf\?type=pdf$/);
    expect(await link.getAttribute('target')).toBe('_blank');
    const pdf = await page.request.get(href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    await expectScreenAccessible(page, { title: 'Kalender', ready: link });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.keyboard.press('Escape');

    // The table: the state in words with the invoice link; 500 per week, or all weeks at once.
    const listRequest = (limit: number) =>
      page.waitForRequest(
        (request) =>
          new URL(request.url()).pathname === '/api/appointment' &&
          new URL(request.url()).searchParams.get('limit') === String(limit),
      );
    const weekRequest = listRequest(500);
    await page.getByTestId('view-toggle').click();
    expect(new URL((await weekRequest).url()).searchParams.has('appointmentStartFrom')).toBe(true);
    const row = page.getByTestId(`appointment-row-${billingId}`);
    await expectVisible(row.getByRole('link', { name: /^Rechnung erstellt/ }));
    expect(await row.getByTestId('appointment-state').innerText()).toContain('Abgerechnet');
    await expectVisible(page.getByTestId('appointment-total').filter({ hasText: /^1 Termin$/ }));
    await expectScreenAccessible(page, { title: 'Kalender', ready: row });
    await page.setViewportSize({ width: 1280, height: 900 });

    const allRequest = listRequest(1000);
    await page.getByTestId('table-range').click();
    await page.getByRole('option', { name: 'Alle' }).click();
    expect(new URL((await allRequest).url()).searchParams.has('appointmentStartFrom')).toBe(false);
    await expect
      .poll(async () => Number((await page.getByTestId('appointment-total').innerText()).split(' ')[0]))
      .toBeGreaterThan(10);
    expect(await page.getByTestId('week-label').count()).toBe(0);
    await expectVisible(row);
    await expectScreenAccessible(page, { title: 'Kalender', ready: page.getByTestId('appointment-table') });
    await page.context().close();
  });
});
