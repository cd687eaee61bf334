import { addPracticeDays, atPracticeTime, formatPracticeDate } from '@praxia/shared';
import { and, asc, eq, gt, gte, lt, ne } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, invoices, medicalHistoryEntries, users } from '../../apps/api/src/db/schema.js';

import { expectScreenAccessible } from '../support/screen-checks.js';
import { expectVisible, openSignedIn, type Stack, startStack } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Übersicht' });

async function userId(email: string): Promise<number> {
  const [row] = await stack.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no ${email}`);
  return row.id;
}

describe('the landing pages', () => {
  it('the therapist’s overview shows today’s appointments, the billable ones and the open invoices', async () => {
    const therapistId = await userId('therapeutin@example.org');
    const dayStart = atPracticeTime(new Date(), 0);
    const today = await stack.db
      .select({ lastName: appointments.clientLastName })
      .from(appointments)
      .where(
        and(
          eq(appointments.therapistId, therapistId),
          ne(appointments.state, 'available'),
          gte(appointments.startsAt, dayStart),
          lt(appointments.startsAt, addPracticeDays(dayStart, 1)),
        ),
      )
      .orderBy(asc(appointments.startsAt));
    const billable = await stack.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.therapistId, therapistId), eq(appointments.state, 'billable')));
    const open = await stack.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.therapistId, therapistId), eq(invoices.kind, 'invoice'), eq(invoices.state, 'created')))
      .orderBy(asc(invoices.dueDate));
    // The demo data: two open invoices, the reminded one overdue; sessions approved for billing.
    expect(open.length).toBe(2);
    expect(billable.length).toBeGreaterThan(0);

    const page = await openSignedIn(stack, 'therapeutin@example.org', '/main');
    await expectVisible(heading(page));
    const todayCard = page.getByTestId('overview-today');
    await expectVisible(todayCard.getByRole('heading', { name: `Heute, ${formatPracticeDate(new Date())}` }));
    if (today.length > 0) {
      await expectVisible(todayCard.getByTestId('overview-today-row'));
      expect(await todayCard.getByTestId('overview-today-row').count()).toBe(today.length);
      await expectVisible(todayCard.getByText(today[0]?.lastName ?? '', { exact: false }));
    } else {
      // A weekend: the demo practice works Monday to Friday.
      await expectVisible(todayCard.getByText('Heute sind keine Termine gebucht.'));
    }
    await expectVisible(
      page
        .getByTestId('overview-billable-count')
        .getByText(
          billable.length === 1
            ? '1 abrechenbarer Termin wartet auf die Rechnung.'
            : `${billable.length} abrechenbare Termine warten auf die Rechnung.`,
        ),
    );
    const invoiceCard = page.getByTestId('overview-open-invoices');
    await expectVisible(invoiceCard.getByText('2 Rechnungen sind noch nicht bezahlt.'));
    const rows = invoiceCard.getByTestId('overview-open-invoice');
    expect(await rows.count()).toBe(2);
    // Overdue first, with its amount as German money and a link to its PDF.
    const first = open[0];
    if (!first) throw new Error('no open invoice');
    await expectVisible(rows.first().getByText('Überfällig'));
    const euros = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2 }).format(first.amountCents / 100);
    await expectVisible(rows.first().getByText(`${euros} €`));
    const link = rows.first().getByRole('link', { name: `Rechnung ${first.invoiceNumber} öffnen (neuer Tab)` });
    expect(await link.getAttribute('href')).toContain(`/api/invoice/${first.id}/file/`);

    await expectScreenAccessible(page, { title: 'Übersicht', ready: todayCard });

    // The day opens in the calendar.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('link', { name: 'Tag im Kalender öffnen' }).click();
    await page.waitForURL(/\/appointment\/list\?day=\d{4}-\d\d-\d\d$/);
  });

  it('the patient sees his next appointments, the shared document and his invoices, and cancels one', async () => {
    const patientId = await userId('patient@example.org');
    const upcoming = await stack.db
      .select()
      .from(appointments)
      .where(
        and(
          eq(appointments.clientId, patientId),
          eq(appointments.state, 'taken'),
          gt(appointments.startsAt, new Date()),
        ),
      )
      .orderBy(asc(appointments.startsAt));
    const next = upcoming[0];
    if (!next) throw new Error('the demo patient has no upcoming appointment');
    const [shared] = await stack.db
      .select({ filename: medicalHistoryEntries.filename })
      .from(medicalHistoryEntries)
      .where(and(eq(medicalHistoryEntries.clientId, patientId), eq(medicalHistoryEntries.sharedWithPatient, true)));
    const received = await stack.db.select().from(invoices).where(eq(invoices.clientId, patientId));
    expect(received.length).toBeGreaterThan(0);

    const page = await openSignedIn(stack, 'patient@example.org', '/main');
    await expectVisible(heading(page));
    const appointmentCard = page.getByTestId('patient-appointments');
    // The first one that may still be cancelled (one running now may come before it).
    const cancelButton = page.getByRole('button', { name: 'Termin absagen' });
    const firstAppointment = appointmentCard.getByTestId('patient-appointment').filter({ has: cancelButton }).first();
    await expectVisible(firstAppointment.getByText(formatPracticeDate(next.startsAt), { exact: false }));
    await expectVisible(firstAppointment.getByRole('button', { name: 'Termin absagen' }));
    await expectVisible(page.getByTestId('patient-documents').getByRole('link', { name: shared?.filename ?? '' }));
    const invoiceRows = page.getByTestId('patient-invoices').getByTestId('patient-invoice');
    await expectVisible(invoiceRows);
    expect(await invoiceRows.count()).toBe(received.length);
    await expectVisible(invoiceRows.first().getByText('Bezahlt'));
    const download = invoiceRows.first().getByRole('link', { name: /^Rechnung \d+ herunterladen \(PDF\)$/ });
    const href = (await download.getAttribute('href')) ?? '';
    const pdf = await page.request.get(href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    await expectScreenAccessible(page, { title: 'Übersicht', ready: firstAppointment });

    await page.setViewportSize({ width: 1280, height: 800 });
    const before = await appointmentCard.getByTestId('patient-appointment').count();
    await firstAppointment.getByRole('button', { name: 'Termin absagen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Termin absagen' }).click();
    await expectVisible(page.getByText('Ihr Termin wurde abgesagt.'));
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid="patient-appointment"]').length === count,
      before - 1,
    );
    const [freed] = await stack.db.select().from(appointments).where(eq(appointments.id, next.id));
    expect(freed).toMatchObject({ state: 'available', clientId: null });
  });
});
