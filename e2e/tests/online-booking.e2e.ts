import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addPracticeDays, atPracticeTime, startOfPracticeWeek } from '@praxia/shared';
import { and, eq } from 'drizzle-orm';
import type { FrameLocator, Page } from 'playwright-core';
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

/** A type of its own with exactly one free slot (next Wednesday evening, clear of the demo week). */
async function typeWithOneSlot() {
  const [type] = await stack.db
    .insert(appointmentTypes)
    .values({
      customerId: therapist.customerId,
      userId: therapist.id,
      name: 'Kennenlerngespräch',
      durationMinutes: 30,
      location: 'both',
    })
    .returning();
  if (!type) throw new Error('no type');
  const startsAt = atPracticeTime(addPracticeDays(startOfPracticeWeek(new Date()), 9), 20);
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

async function fillContactAndBook(widget: FrameLocator | Page, person: { firstName: string; email: string }) {
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
  await widget.getByRole('button', { name: 'Buchen' }).click();
  await expectVisible(widget.getByRole('heading', { name: 'Ihr Termin ist gebucht' }));
}

describe('the booking widget on a practice website', () => {
  it('books in the frame; a second visitor waits, gets the freed slot by mail and books it', async () => {
    const { type, slot } = await typeWithOneSlot();

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
    for (const [language, ready, nextWeek] of [
      ['de', 'Wie sind Sie versichert?', 'Nächste Woche'],
      ['en', 'How are you insured?', 'Next week'],
    ] as const) {
      const query = language === 'en' ? '?lang=en' : '';
      const page = await stack.newPage(`/appointment/widget/${therapist.id}/${therapist.customerId}${query}`);
      for (const [index, size] of [
        { width: 410, height: 365 },
        { width: 360, height: 640 },
      ].entries()) {
        await page.setViewportSize(size);
        await expectVisible(page.getByText(ready));
        await chooseInsuranceAndType(page, 'Therapiesitzung', language);
        // From Friday noon on the current week has no free session left; the demo's next week always has some.
        if (index === 0) await page.getByRole('button', { name: nextWeek }).click();
        await expectVisible(page.locator('.slot:not(.skeleton)').first());
        const where = `${page.url()} at ${size.width} px`;
        expect(await findAxeViolations(page), where).toEqual([]);
        expect(await measureSidewaysOverflow(page), where).toBeLessThanOrEqual(0);
      }
      await page.context().close();
    }
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
