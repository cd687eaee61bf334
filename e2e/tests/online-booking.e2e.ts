import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addPracticeDays, atPracticeTime, formatPracticeDate, startOfPracticeWeek } from '@praxia/shared';
import { and, eq } from 'drizzle-orm';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appointments,
  appointmentTypes,
  userCustomers,
  users,
  waitingListEntries,
} from '../../apps/api/src/db/schema.js';
import { linkIn } from '../../apps/api/test/smtp-capture.js';
import { findAxeViolations, measureSidewaysOverflow } from '../support/screen-checks.js';
import { expectVisible, type Stack, startStack } from '../support/stack.js';

/*
 * Issue 9 end to end: the widget framed by a practice's own website (another origin), the waiting list with the offer
 * of a freed slot, and a visitor's way from the search over the profile to a booking.
 */

let stack: Stack;
let practiceSite: Server;
let practiceSiteUrl: string;
let therapist: { id: number; customerId: number };

/** A practice's website: a plain page on another port that embeds the widget as the types page's snippet does. */
async function startPracticeSite(widgetUrl: string): Promise<Server> {
  const html = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Praxis am Park</title></head>
<body><h1>Praxis am Park</h1><iframe src="${widgetUrl}" title="Online-Terminbuchung" width="410" height="365"
style="border:0"></iframe></body></html>`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

beforeAll(async () => {
  stack = await startStack();
  const [row] = await stack.db
    .select({ id: users.id, customerId: userCustomers.customerId })
    .from(users)
    .innerJoin(userCustomers, eq(userCustomers.userId, users.id))
    .where(eq(users.email, 'therapeutin@example.org'));
  if (!row) throw new Error('demo therapist missing');
  therapist = row;
  practiceSite = await startPracticeSite(`${stack.baseUrl}/appointment/widget/${row.id}/${row.customerId}`);
  practiceSiteUrl = `http://127.0.0.1:${(practiceSite.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => practiceSite.close(() => resolve()));
  await stack.close();
});

type OneSlot = { weeksAhead?: number; hour?: number; insuranceType?: 'legally' | 'privately' | null };

/** A type of its own with exactly one free slot: on Wednesday evening `weeksAhead` weeks on, clear of the demo's. */
async function typeWithOneSlot(name: string, { weeksAhead = 1, hour = 20, insuranceType = null }: OneSlot = {}) {
  const [type] = await stack.db
    .insert(appointmentTypes)
    .values({
      customerId: therapist.customerId,
      userId: therapist.id,
      name,
      durationMinutes: 30,
      location: 'both',
      insuranceType,
    })
    .returning();
  if (!type) throw new Error('no type');
  const startsAt = atPracticeTime(addPracticeDays(startOfPracticeWeek(new Date()), 7 * weeksAhead + 2), hour);
  const [slot] = await stack.db
    .insert(appointments)
    .values({
      customerId: therapist.customerId,
      therapistId: therapist.id,
      appointmentTypeId: type.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
    })
    .returning();
  if (!slot) throw new Error('no slot');
  return { type, slot };
}

const FILTER_LABELS = {
  de: { insurance: 'gesetzlich', type: 'Terminart' },
  en: { insurance: 'statutory', type: 'Type of appointment' },
};

async function chooseInsuranceAndType(widget: FrameLocator | Page, typeName: string, language: 'de' | 'en' = 'de') {
  await widget.getByLabel(FILTER_LABELS[language].insurance).check();
  await widget.getByLabel(FILTER_LABELS[language].type).selectOption({ label: typeName });
}

/** The week's range as the widget writes it: 'DD.MM. – DD.MM.YYYY', Monday to Sunday. */
function weekRange(monday: Date): string {
  return `${formatPracticeDate(monday).slice(0, 6)} – ${formatPracticeDate(addPracticeDays(monday, 6))}`;
}

/** The shown week once its slots have loaded (not the grey placeholders of the loading week). */
async function loadedWeek(widget: FrameLocator | Page): Promise<Locator> {
  await expectVisible(widget.locator('.days[aria-busy="false"]'));
  return widget.locator('.week-range');
}

/** Whether an element lies wholly inside the page's (or frame's) viewport while the page is scrolled to its top. */
async function isInViewUnscrolled(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    window.scrollTo(0, 0);
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
  });
}

async function fillContact(widget: FrameLocator | Page, person: { firstName: string; email: string }) {
  await widget.getByRole('button', { name: 'Weiter' }).click();
  await widget.getByLabel('Anrede').selectOption({ label: 'Frau' });
  await widget.getByLabel('Vorname').fill(person.firstName);
  await widget.getByLabel('Nachname').fill('Beispiel');
  await widget.getByLabel('E-Mail', { exact: true }).fill(person.email);
  await widget.getByLabel('Telefon', { exact: true }).fill('030 1234567');
  await widget.getByRole('button', { name: 'zum Adressformular' }).click();
  await widget.getByLabel('Straße und Hausnummer').fill('Gartenweg 3');
  await widget.getByLabel('PLZ').fill('10115');
  await widget.getByLabel('Ort', { exact: true }).fill('Berlin');
  const onSite = widget.getByLabel('vor Ort');
  if (await onSite.count()) await onSite.check();
  await widget.getByLabel('Ich habe die Datenschutzerklärung gelesen', { exact: false }).check();
}

async function fillContactAndBook(widget: FrameLocator | Page, person: { firstName: string; email: string }) {
  await fillContact(widget, person);
  await widget.getByRole('button', { name: 'Buchen' }).click();
  await expectVisible(widget.getByRole('heading', { name: 'Ihr Termin ist gebucht' }));
}

describe('the booking widget on a practice website', () => {
  it('books in the frame; a second visitor waits, gets the freed slot by mail and books it', async () => {
    const { type, slot } = await typeWithOneSlot('Kennenlerngespräch');

    // The first patient books the one slot inside the practice's page (another origin frames the widget).
    const first = await stack.newPage(practiceSiteUrl);
    const frame = first.frameLocator('iframe');
    await chooseInsuranceAndType(frame, type.name);
    await frame.locator('.next-free button').click();
    await fillContactAndBook(frame, { firstName: 'Erika', email: 'erika.frame@example.org' });
    const confirmation = await stack.smtp.waitForMail('erika.frame@example.org');
    const cancelLink = linkIn(confirmation, '/appointment/cancel/');

    // A second visitor finds no slot of that type and joins the waiting list.
    const second = await stack.newPage(practiceSiteUrl);
    const secondFrame = second.frameLocator('iframe');
    await chooseInsuranceAndType(secondFrame, type.name);
    await expectVisible(secondFrame.getByText('Zurzeit ist leider kein freier Termin verfügbar.'));
    await secondFrame.getByRole('button', { name: 'Kein passender Termin? Auf die Warteliste' }).click();
    await secondFrame.getByLabel('Vorname').fill('Wilma');
    await secondFrame.getByLabel('Nachname').fill('Warte');
    await secondFrame.getByLabel('E-Mail', { exact: true }).fill('wilma.wait@example.org');
    await secondFrame.getByLabel('Ich möchte per E-Mail', { exact: false }).check();
    await secondFrame.getByRole('button', { name: 'Eintragen' }).click();
    await expectVisible(secondFrame.getByText('Sie stehen auf der Warteliste.', { exact: false }));
    await stack.smtp.waitForMail('wilma.wait@example.org');

    // The first patient cancels through the link of the confirmation: the slot is offered to the waiting visitor.
    const cancelPage = await stack.newPage(cancelLink.replace(stack.baseUrl, ''));
    await cancelPage.getByRole('button', { name: 'Termin absagen' }).click();
    await expectVisible(cancelPage.getByText('Ihr Termin wurde abgesagt.', { exact: false }));
    const offer = await stack.smtp.waitForMail('wilma.wait@example.org');
    expect(offer.subject).toMatch(/ist frei geworden$/);

    // The offer's link opens the widget on the slot's week; once insurance and type are chosen, the slot is chosen.
    await second.goto(linkIn(offer, '/appointment/widget/'));
    await chooseInsuranceAndType(second, type.name);
    await expectVisible(second.getByText('Ihr Termin:', { exact: false }));
    await fillContactAndBook(second, { firstName: 'Wilma', email: 'wilma.wait@example.org' });

    const [booked] = await stack.db.select().from(appointments).where(eq(appointments.id, slot.id));
    expect(booked?.state).toBe('taken');
    expect(booked?.clientEmail).toBe('wilma.wait@example.org');
    const waiting = await stack.db
      .select()
      .from(waitingListEntries)
      .where(
        and(eq(waitingListEntries.therapistId, therapist.id), eq(waitingListEntries.email, 'wilma.wait@example.org')),
      );
    expect(waiting).toEqual([]);
    await first.context().close();
    await second.context().close();
    await cancelPage.context().close();
  });

  it('passes axe-core in the frame size and at 360 px, in German and English', async () => {
    for (const [language, ready] of [
      ['de', 'Wie sind Sie versichert?'],
      ['en', 'How are you insured?'],
    ] as const) {
      const query = language === 'en' ? '?lang=en' : '';
      const page = await stack.newPage(`/appointment/widget/${therapist.id}/${therapist.customerId}${query}`);
      for (const size of [
        { width: 410, height: 365 },
        { width: 360, height: 640 },
      ]) {
        await page.setViewportSize(size);
        await expectVisible(page.getByText(ready));
        await chooseInsuranceAndType(page, 'Therapiesitzung', language);
        // On any day and hour the widget shows a week with free sessions: this one, or (from Friday noon, when this
        // week's are past) the next one, to which it moves by itself.
        await loadedWeek(page);
        await expectVisible(page.locator('.slot:not(.skeleton)').first());
        const where = `${page.url()} at ${size.width} px`;
        expect(await findAxeViolations(page), where).toEqual([]);
        expect(await measureSidewaysOverflow(page), where).toBeLessThanOrEqual(0);
      }
      await page.context().close();
    }
  });

  it('moves on by itself to the first week with a free slot; the previous weeks stay reachable', async () => {
    // The type's one slot lies two weeks on: this week and the next have none for it.
    const { type } = await typeWithOneSlot('Vorgespräch privat', { weeksAhead: 2, insuranceType: 'privately' });
    const thisWeek = startOfPracticeWeek(new Date());
    const page = await stack.newPage(`/appointment/widget/${therapist.id}/${therapist.customerId}`);
    const typeSelect = page.getByLabel('Terminart');
    await typeSelect.locator('option', { hasText: type.name }).waitFor({ state: 'attached' });

    // Before the insurance is chosen no type is "for another insurance"; afterwards the private type is.
    expect(await typeSelect.locator('option').allTextContents()).not.toContainEqual(
      expect.stringContaining('(nicht für Ihre Versicherung)'),
    );
    await page.getByLabel('gesetzlich').check();
    await expect
      .poll(() => typeSelect.locator('option').allTextContents())
      .toContain(`${type.name} (nicht für Ihre Versicherung)`);
    expect(await typeSelect.locator('option', { hasText: type.name }).isDisabled()).toBe(true);

    await page.getByLabel('privat', { exact: true }).check();
    await typeSelect.selectOption({ label: type.name });
    await expect
      .poll(async () => (await loadedWeek(page)).textContent())
      .toBe(weekRange(addPracticeDays(thisWeek, 14)));
    await expectVisible(page.locator('.slot:not(.skeleton)'));

    // Back a week: it has no slot, and the widget stays there; back again to the current week, the first one.
    const previous = page.getByRole('button', { name: 'Vorherige Woche' });
    await previous.click();
    await expect.poll(async () => (await loadedWeek(page)).textContent()).toBe(weekRange(addPracticeDays(thisWeek, 7)));
    await expectVisible(page.getByText('In dieser Woche ist kein Termin frei.'));
    await previous.click();
    await expect.poll(async () => (await loadedWeek(page)).textContent()).toBe(weekRange(thisWeek));
    expect(await previous.isDisabled()).toBe(true);
    await page.context().close();
  });

  it("keeps the week's arrows and each step's buttons in the 410 × 365 frame without scrolling", async () => {
    const page = await stack.newPage(practiceSiteUrl);
    const frame = page.frameLocator('iframe');
    await chooseInsuranceAndType(frame, 'Therapiesitzung');
    await loadedWeek(frame);
    await frame.locator('.slot:not(.skeleton)').first().click();
    for (const name of ['Vorherige Woche', 'Nächste Woche', 'Weiter']) {
      expect(await isInViewUnscrolled(frame.getByRole('button', { name })), name).toBe(true);
    }
    await fillContact(frame, { firstName: 'Frieda', email: 'frieda.frame@example.org' });
    expect(await isInViewUnscrolled(frame.getByRole('button', { name: 'Buchen' })), 'Buchen').toBe(true);
    expect(await isInViewUnscrolled(frame.getByRole('button', { name: 'Zurück' })), 'Zurück').toBe(true);
    await frame.getByRole('button', { name: 'Zurück' }).click();
    expect(await isInViewUnscrolled(frame.getByRole('button', { name: 'zum Adressformular' })), 'name step').toBe(true);
    await page.context().close();
  });

  it('shows a failed load and a failed booking as a toast too, beside the cards', async () => {
    const { type, slot } = await typeWithOneSlot('Probesitzung', { hour: 21 });
    const page = await stack.newPage(`/appointment/widget/${therapist.id}/${therapist.customerId}`);
    const toast = page.getByRole('status').filter({ has: page.locator('.toast') });

    // The connection drops before the type is chosen: the week cannot load.
    await page.getByLabel('Terminart').locator('option', { hasText: type.name }).waitFor({ state: 'attached' });
    await page.context().setOffline(true);
    await chooseInsuranceAndType(page, type.name);
    await expectVisible(toast.getByText('Es trat ein Fehler beim Laden der Termine auf.'));
    await expectVisible(page.getByRole('alert').getByText('Es trat ein Fehler beim Laden der Termine auf.'));
    await toast.getByRole('button', { name: 'Hinweis schließen' }).click();
    await expect.poll(() => page.locator('.toast').count()).toBe(0);
    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();

    // Another patient takes the slot while this visitor types: the booking fails.
    await page.locator('.next-free button').click();
    await fillContact(page, { firstName: 'Greta', email: 'greta.late@example.org' });
    await stack.db
      .update(appointments)
      .set({ state: 'taken', clientEmail: 'someone.else@example.org' })
      .where(eq(appointments.id, slot.id));
    await page.getByRole('button', { name: 'Buchen' }).click();
    const bookingError = 'Termin konnte nicht gebucht werden, bitte wählen Sie einen anderen Termin aus';
    await expectVisible(toast.getByText(bookingError));
    await expectVisible(page.getByRole('alert').getByRole('heading', { name: bookingError }));
    await expectVisible(page.getByText('Zurzeit ist leider kein freier Termin verfügbar.'));
    expect(await findAxeViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe('from the search to a booking', () => {
  it('a visitor searches 10115, sees the demo therapist first, opens the profile and books in its widget', async () => {
    const page = await stack.newPage('/suche?postcode=10115');
    await page.waitForURL('**/suche/psychotherapeuten-in-10115');
    const firstCard = page.getByRole('listitem').first();
    await expectVisible(firstCard.getByText('Praxis am Park'));
    await firstCard.getByRole('link').first().click();
    await page.waitForURL(/\/psychotherapie\/\d+\/\d+$/);
    const widget = page.frameLocator('iframe[title^="Online-Terminbuchung"]');
    await chooseInsuranceAndType(widget, 'Therapiesitzung');
    await widget.locator('.next-free button').click();
    await fillContactAndBook(widget, { firstName: 'Sina', email: 'sina.search@example.org' });
    const mail = await stack.smtp.waitForMail('sina.search@example.org');
    expect(linkIn(mail, '/appointment/cancel/')).toContain(stack.baseUrl);
    const [booked] = await stack.db
      .select({ state: appointments.state })
      .from(appointments)
      .where(eq(appointments.clientEmail, 'sina.search@example.org'));
    expect(booked?.state).toBe('taken');
    await page.context().close();
  });
});
