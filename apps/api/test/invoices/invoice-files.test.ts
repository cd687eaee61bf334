import { addPracticeDays } from '@praxia/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withRowScope } from '../../src/db/row-scope.js';
import { invoiceAppointments, invoices } from '../../src/db/schema.js';
import { drawMissingInvoiceFiles } from '../../src/modules/invoices/invoice-files-recovery.js';
import { api } from '../calendar-fixtures.js';
import { invoiceableBatch } from '../invoice-batch-fixtures.js';
import {
  type InvoicePractice,
  invoiceableAppointment,
  invoicePractice,
  invoiceRow,
  issueOne,
  setPractice,
} from '../invoice-fixtures.js';
import { createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
let team: InvoicePractice;

beforeAll(async () => {
  t = await createTestApp();
  team = await invoicePractice(t);
  // The batch below draws a logo into every PDF and Word file, as a practice with a logo does. A 1×1 PNG.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  await t.app.ctx.storage.put(`practices/${team.id}/logos/logo.png`, png);
  await setPractice(t, team, { logoFilename: `practices/${team.id}/logos/logo.png` });
});
afterAll(() => t.close());

const storedFile = (key: string) => t.app.ctx.storage.get(key);

/** What a crash between the issue's commit and the drawing leaves: the rows, no files. */
async function loseFiles(id: number) {
  const row = await invoiceRow(t, id);
  await t.app.ctx.storage.remove(row.pdfKey);
  await t.app.ctx.storage.remove(row.docxKey);
  await t.database.db.update(invoices).set({ documentsReadyAt: null }).where(eq(invoices.id, id));
  return row;
}

/** An issued invoice's files as drawn at issue, kept to compare with a redrawing. */
async function filesOf(id: number) {
  const row = await invoiceRow(t, id);
  const [pdf, docx] = await Promise.all([storedFile(row.pdfKey), storedFile(row.docxKey)]);
  if (!pdf || !docx) throw new Error(`files of invoice ${id} missing`);
  return { pdf, docx };
}

describe('issuing invoices: files drawn after the numbers are committed', () => {
  it('gives a second invoicer of the practice its number while a batch of 60 is still drawing its files', async () => {
    const batchIds = await invoiceableBatch(t.database.db, {
      practiceId: team.id,
      therapistId: team.otherTherapist.id,
      count: 60,
      firstDay: new Date(Date.UTC(2023, 0, 2)),
    });
    const single = await invoiceableAppointment(t, team.therapist.cookie);
    const batch = api(t, team.otherTherapist.cookie, 'POST', '/invoice', { appointmentIds: batchIds });
    // The batch's numbers and rows are committed together; from then on its files are being drawn.
    await vi.waitFor(
      async () => {
        const linked = await t.database.db
          .select({ id: invoiceAppointments.invoiceId })
          .from(invoiceAppointments)
          .where(inArray(invoiceAppointments.appointmentId, batchIds));
        expect(linked).toHaveLength(60);
      },
      { timeout: 60_000, interval: 20 },
    );
    const second = await api(t, team.therapist.cookie, 'POST', '/invoice', { appointmentIds: [single.id] });
    expect(second.statusCode, second.body).toBe(201);
    const batchAnswer = await batch;
    expect(batchAnswer.statusCode, batchAnswer.body).toBe(201);

    const secondRow = await invoiceRow(t, second.json().list[0].id);
    const batchRows = await t.database.db
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.customerId, team.id),
          inArray(
            invoices.id,
            batchAnswer.json().list.map((item: { id: number }) => item.id),
          ),
        ),
      );
    expect(batchRows).toHaveLength(60);
    // Numbered after the batch, and its own issue, files included, was done before the batch had drawn all of its
    // files: it did not wait for them behind the practice's number lock.
    expect(secondRow.invoiceNumber).toBe(Math.max(...batchRows.map((row) => row.invoiceNumber)) + 1);
    const lastBatchFile = Math.max(...batchRows.map((row) => row.documentsReadyAt?.getTime() ?? Number.NaN));
    expect(secondRow.documentsReadyAt?.getTime()).toBeLessThan(lastBatchFile);
    for (const row of [...batchRows, secondRow]) {
      expect((await storedFile(row.pdfKey))?.subarray(0, 5).toString()).toBe('%PDF-');
      expect((await storedFile(row.docxKey))?.subarray(0, 2).toString()).toBe('PK');
    }
  }, 120_000);

  it('draws the files of an invoice whose drawing a crash cut off when it is first downloaded, the same bytes', async () => {
    const invoice = await issueOne(t, team.therapist.cookie);
    const issued = await filesOf(invoice.id);
    await loseFiles(invoice.id);
    const pdf = await api(t, team.therapist.cookie, 'GET', `/invoice/${invoice.id}/file?type=pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.rawPayload.equals(issued.pdf)).toBe(true);
    const docx = await api(t, team.therapist.cookie, 'GET', `/invoice/${invoice.id}/file?type=docx`);
    expect(docx.statusCode).toBe(200);
    expect(docx.rawPayload.equals(issued.docx)).toBe(true);
    expect((await invoiceRow(t, invoice.id)).documentsReadyAt).not.toBeNull();
  });

  it('draws the files of a cancellation after its number is committed', async () => {
    const invoice = await issueOne(t, team.therapist.cookie);
    const cancelled = await api(t, team.therapist.cookie, 'PATCH', `/invoice/${invoice.id}`, { state: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [storno] = await t.database.db.select().from(invoices).where(eq(invoices.cancelsInvoiceId, invoice.id));
    if (!storno) throw new Error('no cancellation');
    expect(storno.documentsReadyAt).not.toBeNull();
    expect((await storedFile(storno.pdfKey))?.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('the recovery job', () => {
  it('draws the files a crash left undrawn, byte for byte as first drawn, once the issue is old enough', async () => {
    const lost = await issueOne(t, team.therapist.cookie);
    const issued = await filesOf(lost.id);
    const row = await loseFiles(lost.id);
    // The job runs as the platform; here the database shows it only this practice (the PostgreSQL database is shared
    // with the other test files, whose files live in their own storage).
    const recover = (now?: Date) => withRowScope(team.id, () => drawMissingInvoiceFiles(t.app.ctx, now));
    // Just issued: the request that issued it may still be drawing.
    expect(await recover()).toBe(0);
    expect(await storedFile(row.pdfKey)).toBeNull();
    expect((await invoiceRow(t, lost.id)).documentsReadyAt).toBeNull();

    const later = addPracticeDays(new Date(), 1);
    expect(await recover(later)).toBe(1);
    expect((await storedFile(row.pdfKey))?.equals(issued.pdf)).toBe(true);
    expect((await storedFile(row.docxKey))?.equals(issued.docx)).toBe(true);
    expect((await invoiceRow(t, lost.id)).documentsReadyAt).not.toBeNull();
    // Nothing left to draw.
    expect(await recover(later)).toBe(0);
  });
});
