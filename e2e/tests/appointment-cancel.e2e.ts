import { desc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../apps/api/src/db/schema.js';
import { linkIn } from '../../apps/api/test/smtp-capture.js';
import { expectScreenAccessible } from '../support/screen-checks.js';
import { expectVisible, openSignedIn, type Stack, startStack } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

/** Six weeks ahead: clear of the demo calendar and of what calendar.e2e.ts books (its own stack anyway). */
const EMPTY_WEEK = 6;

async function bookForAnnaSchmidt(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectVisible(page.getByTestId('week-view'));
  for (let week = 0; week < EMPTY_WEEK; week++) await page.getByTestId('next').click();
  const monday = page.getByTestId('day-0');
  await monday.getByTestId('slot-10:00').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('appointment-type').click();
  await page.getByRole('option', { name: 'Therapiesitzung' }).click();
  await dialog.getByTestId('appointment-save').click();
  await expectVisible(monday.locator('[data-state="available"]'));
  await monday.locator('[data-state="available"]').first().click();
  await dialog.getByTestId('patient-picker').fill('Schmidt');
  await page.getByRole('option', { name: /Schmidt, Anna/ }).click();
  await dialog.getByRole('button', { name: 'Buchen' }).click();
  await expectVisible(monday.locator('[data-state="taken"]'));
}

describe('cancelling through the link of the booking confirmation', () => {
  it('the patient gets the confirmation over SMTP; its link shows the appointment, cancels it once, then is gone', async () => {
    const therapist = await openSignedIn(stack, 'therapeutin@example.org', '/appointment/list');
    await bookForAnnaSchmidt(therapist);

    const mail = await stack.smtp.waitForMail('anna.schmidt@example.org');
    const link = linkIn(mail, '/appointment/cancel/');
    // The newest of her appointments is the one just booked (the demo calendar holds earlier ones).
    const [booked] = await stack.db
      .select()
      .from(appointments)
      .where(eq(appointments.clientEmail, 'anna.schmidt@example.org'))
      .orderBy(desc(appointments.id))
      .limit(1);
    expect(booked?.state).toBe('taken');

    // The patient opens the link without signing in.
    const patient = await stack.newPage(link.replace(stack.baseUrl, ''));
    const submit = patient.getByRole('button', { name: 'Termin absagen' });
    await expectScreenAccessible(patient, { title: 'Termin absagen', ready: submit });
    await expectVisible(patient.getByText('In der Praxis'));
    await expectVisible(patient.getByText(/Termin freigegeben/));
    await submit.click();
    await expectVisible(patient.getByText('Ihr Termin wurde abgesagt.', { exact: false }));

    // The slot is free again in the therapist's calendar, without the patient.
    const [freed] = await stack.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, booked?.id ?? -1));
    expect(freed).toMatchObject({ state: 'available', clientId: null });

    // The link works once: afterwards it is the 404 page.
    await patient.reload();
    await expectVisible(patient.getByRole('heading', { level: 1, name: 'Hoppla. Hier ist nichts …' }));
    await patient.context().close();
    await therapist.context().close();
  });

  it('an unknown link is the 404 page', async () => {
    const page = await stack.newPage('/appointment/cancel/not-a-real-token');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Hoppla. Hier ist nichts …' }));
    await page.context().close();
  });
});
