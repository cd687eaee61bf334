import { readFile } from 'node:fs/promises';
import { formatPracticeDate, Role } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, patients, userCustomers, users } from '../../apps/api/src/db/schema.js';
import { pdfText } from '../../apps/api/test/pdf-text.js';
import { readZip } from '../../apps/api/test/zip-reader.js';
import { expectScreenAccessible } from '../support/screen-checks.js';
import { expectVisible, openSignedIn, type Stack, startStack } from '../support/stack.js';

let stack: Stack;
let patientId: number;
let coachPatientId: number;
// The demo patient of the seed (apps/api/src/seed/demo-records.ts), with notes and a findings PDF already.
const TITLE = 'Neumann, Tim (14.03.1988)';
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n'),
  Buffer.alloc(3000, 0x20),
  Buffer.from('\n%%EOF\n'),
]);

async function userId(email: string): Promise<number> {
  const [row] = await stack.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no demo user ${email}`);
  return row.id;
}

beforeAll(async () => {
  stack = await startStack();
  patientId = await userId('patient@example.org');
  const coach = await userId('coach@example.org');
  const [coachLink] = await stack.db.select().from(userCustomers).where(eq(userCustomers.userId, coach));
  const [record] = await stack.db
    .insert(users)
    .values({
      email: 'klient@test.example.org',
      roles: Role.REGISTERED,
      firstName: 'Kai',
      lastName: 'Klient',
      isAccount: false,
    })
    .returning({ id: users.id });
  coachPatientId = record?.id ?? 0;
  await stack.db
    .insert(patients)
    .values({ userId: coachPatientId, customerId: coachLink?.customerId ?? 0, therapistId: coach, patientNumber: 1 });
  // More than one page of the log about Kai Klient, so the audit screen shows its pager.
  await stack.db.insert(auditLog).values(
    Array.from({ length: 60 }, () => ({
      actorUserId: coach,
      customerId: coachLink?.customerId ?? 0,
      patientId: coachPatientId,
      action: 'read',
      resource: 'appointment',
      outcome: 'success',
    })),
  );
});
afterAll(() => stack.close());

const signedIn = (email: string, path: string) => openSignedIn(stack, email, path);

const entry = (page: Page, text: string) => page.locator('.mh-entry', { hasText: text });

async function entryAction(page: Page, text: string, action: string) {
  await entry(page, text)
    .first()
    .getByRole('button', { name: /^Aktionen für den Eintrag/ })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function headerAction(page: Page, action: string) {
  await page.getByRole('button', { name: 'Weitere Aktionen' }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

describe('medical history', () => {
  it('a therapist writes and edits a note, uploads, deletes and restores a PDF, prints and exports', async () => {
    const page = await signedIn('therapeutin@example.org', `/user/medical-history/${patientId}`);
    await expectVisible(page.getByRole('heading', { level: 1, name: TITLE }));

    await page.getByLabel('Neuer Eintrag').fill('Erstgespräch: Schlafprobleme');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expectVisible(entry(page, 'Erstgespräch: Schlafprobleme'));

    await entryAction(page, 'Erstgespräch', 'Bearbeiten');
    await page.getByRole('dialog').getByLabel('Eintrag').fill('Erstgespräch: Schlafprobleme seit März');
    await page.getByRole('dialog').getByRole('button', { name: 'Speichern' }).click();
    await expectVisible(entry(page, 'seit März'));
    await headerAction(page, 'Archiv anzeigen');
    // The old version hangs below the new one, marked as changed.
    await expectVisible(page.getByText('(geändert)'));
    expect(
      await entry(page, 'seit März').first().locator('.mh-entry', { hasText: 'Erstgespräch: Schlafprobleme' }).count(),
    ).toBe(1);
    await headerAction(page, 'Archiv ausblenden');

    await page.locator('input[type="file"]').setInputFiles([
      { name: 'befund.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'brief.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expectVisible(entry(page, 'Dokument: befund.pdf'));
    await expectVisible(entry(page, 'Dokument: brief.pdf'));

    await entryAction(page, 'Dokument: brief.pdf', 'Löschen');
    await entry(page, 'Dokument: brief.pdf').waitFor({ state: 'detached' });
    await headerAction(page, 'Archiv anzeigen');
    await expectVisible(entry(page, '(gelöscht)'));
    await entryAction(page, 'Dokument: brief.pdf', 'Wiederherstellen');
    await expectVisible(entry(page, 'Dokument: brief.pdf'));
    await expect.poll(() => entry(page, '(gelöscht)').count()).toBe(0);
    await entryAction(page, 'Dokument: befund.pdf', 'Mit Patient:in teilen');
    await expectVisible(entry(page, 'Dokument: befund.pdf').getByText('für Patient:in freigegeben'));

    // The print view: the app around the notes is hidden, the notes and document names stay.
    await page.emulateMedia({ media: 'print' });
    await expectVisible(page.getByText('Dokumentation', { exact: true }));
    expect(await page.getByRole('button', { name: 'Weitere Aktionen' }).isVisible()).toBe(false);
    expect(await page.getByLabel('Neuer Eintrag').isVisible()).toBe(false);
    expect(await page.locator('[data-testid="nav-logout"]').isVisible()).toBe(false);
    expect(await entry(page, 'seit März').first().isVisible()).toBe(true);
    expect(await entry(page, 'Dokument: befund.pdf').isVisible()).toBe(true);
    // The printout names practice, therapist, patient number and print date, and numbers its pages.
    const printed = await pdfText(await page.pdf({ preferCSSPageSize: true }));
    await page.emulateMedia({ media: 'screen' });
    const [therapist] = await stack.db.select().from(users).where(eq(users.email, 'therapeutin@example.org'));
    const [record] = await stack.db.select().from(patients).where(eq(patients.userId, patientId));
    expect(printed).toContain('Praxis am Park');
    expect(printed).toContain(`${therapist?.firstName} ${therapist?.lastName}`);
    expect(printed).toContain(`Patientennummer ${record?.patientNumber}`);
    expect(printed).toContain(`Gedruckt am ${formatPracticeDate(new Date())}`);
    expect(printed).toMatch(/\b1\s*\/\s*\d+\b/);

    // PDF and images can be viewed in a new tab, not only downloaded.
    await entry(page, 'Dokument: befund.pdf')
      .first()
      .getByRole('button', { name: /^Aktionen für den Eintrag/ })
      .click();
    const view = page.getByRole('menuitem', { name: 'Anzeigen' });
    expect(await view.getAttribute('target')).toBe('_blank');
    const viewed = await page.request.get((await view.getAttribute('href')) ?? '');
    expect(viewed.headers()['content-disposition']).toMatch(/^inline;/);
    expect((await viewed.body()).equals(PDF)).toBe(true);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Weitere Aktionen' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Patientendaten exportieren' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Patientendaten-\d{2}-\d{2}-\d{2}\.zip$/);
    const files = await readZip(await readFile(await download.path()));
    const documents = [...files.keys()].filter((name) => name.endsWith('-befund.pdf'));
    expect(documents).toHaveLength(1);
    expect(files.get(documents[0] ?? '')?.equals(PDF)).toBe(true);
    expect([...files.values()].some((data) => data.toString('utf8').includes('seit März'))).toBe(true);
    // This patient's data only (Art. 15/20 DSGVO), not every patient of the therapist.
    const folders = new Set([...files.keys()].filter((name) => name.includes('/')).map((name) => name.split('/')[0]));
    expect([...folders]).toEqual([expect.stringMatching(/^\d+-Neumann-Tim$/)]);
    const masterRows = (files.get('Patienten.csv')?.toString('utf8') ?? '').trim().split('\r\n');
    expect(masterRows).toHaveLength(2);
    expect(masterRows[1]).toContain('"Neumann"');

    await page.setViewportSize({ width: 1280, height: 800 });
    await expectScreenAccessible(page, { title: TITLE, ready: page.getByRole('heading', { level: 1, name: TITLE }) });
    await page.context().close();
  });

  it('the patient sees the shared document, sends one, and the screens are accessible', async () => {
    const page = await signedIn('patient@example.org', '/patient/documents');
    await expectVisible(page.getByRole('link', { name: 'befund.pdf herunterladen' }));
    expect(await page.getByText('brief.pdf').count()).toBe(0);
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'ueberweisung.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expectVisible(page.getByRole('link', { name: 'ueberweisung.pdf herunterladen' }));
    await expectScreenAccessible(page, {
      title: 'Meine Dokumente',
      ready: page.getByRole('heading', { level: 1, name: 'Meine Dokumente' }),
    });
    await page.context().close();
  });

  it('the owner reads the audit log and a patient’s access report', async () => {
    const therapist = await signedIn('coach@example.org', `/user/medical-history/${coachPatientId}`);
    await therapist.getByLabel('Neuer Eintrag').fill('Coaching-Notiz');
    await therapist.getByRole('button', { name: 'Speichern' }).click();
    await expectVisible(entry(therapist, 'Coaching-Notiz'));
    await therapist.goto('/audit');
    await expectVisible(therapist.getByRole('link', { name: 'Auskunft zu Klient, Kai' }));
    await therapist.getByLabel('Name der Patient:in').fill('kai klient');
    await therapist.getByRole('button', { name: 'Filtern' }).click();
    await expectVisible(therapist.getByRole('cell', { name: 'Verlauf angelegt' }));
    await expectVisible(therapist.getByRole('cell', { name: 'Termin gelesen' }));
    await expectScreenAccessible(therapist, {
      title: 'Zugriffsprotokoll',
      ready: therapist.getByRole('button', { name: 'Seite 2' }),
    });
    await therapist.getByRole('button', { name: 'Nächste Seite' }).click();
    await expectVisible(therapist.locator('[aria-current="page"]', { hasText: '2' }));
    await expectVisible(therapist.getByRole('cell', { name: 'Termin gelesen' }));
    const names = await therapist.getByRole('link', { name: /^Auskunft zu / }).allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names)).toEqual(new Set(['Klient, Kai']));
    await therapist.getByRole('link', { name: 'Auskunft zu Klient, Kai' }).first().click();
    const reportTitle = 'Zugriffsauskunft: Klient, Kai';
    await expectVisible(therapist.getByText('Verlauf angelegt'));
    await expectScreenAccessible(therapist, {
      title: reportTitle,
      ready: therapist.getByRole('heading', { level: 1, name: reportTitle }),
    });
    await therapist.context().close();
  });
});
