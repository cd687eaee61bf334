import { createECDH, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { HISTORY_FILE_MAX_BYTES } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import yazl from 'yazl';
import { auditLog, mailOutbox, medicalHistoryEntries, pushSubscriptions } from '../../src/db/schema.js';
import { sweepParkedUploads } from '../../src/modules/medical-history/parking-sweep.js';
import {
  createHistoryPractice,
  multipart,
  pdfBytes,
  searchHistory,
  storedDocuments,
  uploadFile,
} from '../patient-factory.js';
import { call, createTestApp, signIn, type TestApp } from '../test-app.js';

const QUOTA = 5000;
let t: TestApp;
// The therapist's browser is subscribed to push messages; a local push service stands in for the public one.
const pushed: string[] = [];
const pushService = createServer((request, response) => {
  pushed.push(request.url ?? '');
  request.resume().on('end', () => response.writeHead(201).end());
});

beforeAll(async () => {
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({
    config: { storageQuotaBytes: QUOTA, pushServiceStandIn: `http://127.0.0.1:${pushServicePort()}` },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => pushService.close(resolve));
});

const pushServicePort = () => (pushService.address() as AddressInfo).port;

const png = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

/** A Word (docx) file: a zip whose content types name the word-processing document. */
function docx(): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '[Content_Types].xml',
  );
  zip.addBuffer(Buffer.from('<w:document/>'), 'word/document.xml');
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

async function rowsOf(clientId: number) {
  return t.database.db.select().from(medicalHistoryEntries).where(eq(medicalHistoryEntries.clientId, clientId));
}

describe('document upload by content', () => {
  it('stores a PDF, a Word file and an image under the practice folder and lists them', async () => {
    const { practiceId, therapist, patient } = await createHistoryPractice(t);
    const pdf = await uploadFile(t.app, therapist.cookie, patient.id, 'Befund ä.pdf', pdfBytes(300));
    expect(pdf.statusCode).toBe(201);
    expect(pdf.json()).toMatchObject({
      filename: 'Befund ä.pdf',
      contentType: 'application/pdf',
      sizeBytes: 300,
      note: null,
    });
    expect((await uploadFile(t.app, therapist.cookie, patient.id, 'brief.docx', await docx())).statusCode).toBe(201);
    expect(
      (
        await uploadFile(
          t.app,
          therapist.cookie,
          patient.id,
          'foto.JPG',
          await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
            .jpeg()
            .toBuffer(),
        )
      ).statusCode,
    ).toBe(201);
    expect((await uploadFile(t.app, therapist.cookie, patient.id, 'bild.png', await png())).statusCode).toBe(201);
    const stored = storedDocuments(t, practiceId);
    expect(stored).toHaveLength(4);
    for (const name of stored) expect(name).toMatch(/^[0-9a-f-]{36}\.(pdf|docx|jpg|png)$/);
    const rows = await rowsOf(patient.id);
    expect(rows.map((row) => row.storageKey?.startsWith(`practices/${practiceId}/documents/`))).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it('refuses a renamed text file, a PNG named .pdf, HTML named .pdf and limit + 1 bytes, storing nothing', async () => {
    const { practiceId, therapist, patient } = await createHistoryPractice(t);
    const refusals = [
      ['notiz.pdf', Buffer.from('Nur ein Text, kein PDF.\n')],
      ['notiz.docx', Buffer.from('Nur ein Text.\n')],
      ['bild.pdf', await png()],
      ['seite.pdf', Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')],
      ['leer.pdf', Buffer.alloc(0)],
    ] as const;
    for (const [filename, data] of refusals) {
      const response = await uploadFile(t.app, therapist.cookie, patient.id, filename, data);
      expect(response.statusCode, filename).toBe(422);
      expect(response.json().validationMessages.file, filename).toEqual(['error.fileType']);
    }
    const tooBig = await uploadFile(
      t.app,
      therapist.cookie,
      patient.id,
      'gross.pdf',
      pdfBytes(HISTORY_FILE_MAX_BYTES + 1),
    );
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().validationMessages.file).toEqual([`maxsize:${HISTORY_FILE_MAX_BYTES}`]);
    // Every refused attempt is on record as failed.
    const failures = await t.database.db.select().from(auditLog).where(eq(auditLog.actorUserId, therapist.id));
    expect(failures.filter((row) => row.resource === 'document' && row.outcome === 'failed')).toHaveLength(
      refusals.length + 1,
    );
    expect(storedDocuments(t, practiceId)).toEqual([]);
    expect(await rowsOf(patient.id)).toEqual([]);
    // Nor does a parked upload stay behind.
    expect(readdirSync(join(t.app.ctx.config.dataDir, 'upload-parking'))).toEqual([]);
  });

  it('refuses a second file and a note next to a file in one request', async () => {
    const { practiceId, therapist, patient } = await createHistoryPractice(t);
    const both = await call(t.app, therapist.cookie, {
      method: 'POST',
      url: '/api/user-medical-history',
      ...multipart([
        { name: 'clientId', value: String(patient.id) },
        { name: 'note', value: 'Text' },
        { name: 'file', value: pdfBytes(), filename: 'a.pdf' },
      ]),
    });
    expect(both.statusCode).toBe(422);
    const two = await call(t.app, therapist.cookie, {
      method: 'POST',
      url: '/api/user-medical-history',
      ...multipart([
        { name: 'clientId', value: String(patient.id) },
        { name: 'file', value: pdfBytes(), filename: 'a.pdf' },
        { name: 'file', value: pdfBytes(), filename: 'b.pdf' },
      ]),
    });
    expect(two.statusCode).toBe(422);
    expect(storedDocuments(t, practiceId)).toEqual([]);
    expect(await rowsOf(patient.id)).toEqual([]);
  });
});

describe('storage quota per therapist', () => {
  it('takes a file that fits exactly and refuses one byte more with the free bytes', async () => {
    const { practiceId, therapist, patient } = await createHistoryPractice(t);
    expect((await uploadFile(t.app, therapist.cookie, patient.id, 'a.pdf', pdfBytes(3000))).statusCode).toBe(201);
    const over = await uploadFile(t.app, therapist.cookie, patient.id, 'b.pdf', pdfBytes(QUOTA - 3000 + 1));
    expect(over.statusCode).toBe(422);
    expect(over.json().validationMessages.file).toEqual([`limit reached:${QUOTA - 3000}`]);
    expect(storedDocuments(t, practiceId)).toHaveLength(1);
    expect((await uploadFile(t.app, therapist.cookie, patient.id, 'c.pdf', pdfBytes(QUOTA - 3000))).statusCode).toBe(
      201,
    );
    const full = await uploadFile(t.app, therapist.cookie, patient.id, 'd.pdf', pdfBytes(100));
    expect(full.json().validationMessages.file).toEqual(['limit reached:0']);
    expect(storedDocuments(t, practiceId)).toHaveLength(2);
  });

  it('counts deleted files too, and checks concurrent uploads one after another', async () => {
    const { therapist, patient } = await createHistoryPractice(t);
    const first = (await uploadFile(t.app, therapist.cookie, patient.id, 'a.pdf', pdfBytes(3000))).json();
    await call(t.app, therapist.cookie, {
      method: 'POST',
      url: '/api/user-medical-history/save',
      payload: { id: first.id, state: 'deleted' },
    });
    const results = await Promise.all(
      [1, 2, 3].map(() => uploadFile(t.app, therapist.cookie, patient.id, 'x.pdf', pdfBytes(1500))),
    );
    // 2000 bytes were free: exactly one of the three 1500-byte files fits.
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
  });
});

describe('downloads', () => {
  it('sends the file as an attachment with an RFC 6266 name; inline only when asked, for PDF and images', async () => {
    const { therapist, patient } = await createHistoryPractice(t);
    const data = pdfBytes(500);
    const entry = (await uploadFile(t.app, therapist.cookie, patient.id, 'Befund ä.pdf', data)).json();
    const url = `/api/user-medical-history/${entry.id}/file/${encodeURIComponent('Befund ä.pdf')}`;
    const download = await call(t.app, therapist.cookie, { method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(data)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Befund a.pdf"; filename*=UTF-8''Befund%20%C3%A4.pdf`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    const inline = await call(t.app, therapist.cookie, { method: 'GET', url: `${url}?inline=1` });
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);
    const wrongName = await call(t.app, therapist.cookie, {
      method: 'GET',
      url: `/api/user-medical-history/${entry.id}/file/other.pdf`,
    });
    expect(wrongName.statusCode).toBe(404);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.patientId, patient.id));
    expect(audit.filter((row) => row.action === 'download' && row.outcome === 'success')).toHaveLength(2);
  });
});

describe('document exchange with the patient', () => {
  it('the patient lists and downloads only shared documents, uploads one, and the therapist is told', async () => {
    const { practiceId, therapist, patient } = await createHistoryPractice(t);
    const patientCookie = await signIn(t.app, patient.email);
    const shared = (await uploadFile(t.app, therapist.cookie, patient.id, 'fuer-sie.pdf', pdfBytes(200))).json();
    const hidden = (await uploadFile(t.app, therapist.cookie, patient.id, 'intern.pdf', pdfBytes(200))).json();
    const share = (id: number, value: boolean) =>
      call(t.app, therapist.cookie, {
        method: 'POST',
        url: `/api/user-medical-history/${id}/share`,
        payload: { shared: value },
      });
    expect((await share(shared.id, true)).statusCode).toBe(204);

    const list = await call(t.app, patientCookie, { method: 'GET', url: '/api/patient/documents' });
    expect(list.statusCode).toBe(200);
    expect(list.json().list.map((d: { filename: string }) => d.filename)).toEqual(['fuer-sie.pdf']);
    const ok = await call(t.app, patientCookie, { method: 'GET', url: `/api/patient/documents/${shared.id}/file` });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-disposition']).toMatch(/^attachment;/);
    expect(
      (await call(t.app, patientCookie, { method: 'GET', url: `/api/patient/documents/${hidden.id}/file` })).statusCode,
    ).toBe(404);

    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    await t.database.db.insert(pushSubscriptions).values({
      userId: therapist.id,
      endpoint: `http://127.0.0.1:${pushServicePort()}/therapist-browser`,
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    });

    const upload = await call(t.app, patientCookie, {
      method: 'POST',
      url: '/api/patient/documents',
      ...multipart([{ name: 'file', value: pdfBytes(300), filename: 'ueberweisung.pdf' }]),
    });
    expect(upload.statusCode).toBe(201);
    await vi.waitFor(() => expect(pushed).toEqual(['/therapist-browser']));
    expect(upload.json()).toMatchObject({ filename: 'ueberweisung.pdf', sentByPatient: true });
    const history = (await searchHistory(t.app, therapist.cookie, patient.id, ['active'])).json().list;
    expect(history[0]).toMatchObject({ filename: 'ueberweisung.pdf', sentByPatient: true, createdBy: patient.id });
    expect(storedDocuments(t, practiceId)).toHaveLength(3);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, therapist.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain(`/user/medical-history/${patient.id}`);
    expect(mails[0]?.textBody).not.toContain('ueberweisung');

    // Stopping the share hides it again.
    expect((await share(shared.id, false)).statusCode).toBe(204);
    const after = await call(t.app, patientCookie, { method: 'GET', url: '/api/patient/documents' });
    expect(after.json().list.map((d: { filename: string }) => d.filename)).toEqual(['ueberweisung.pdf']);
  });

  it('refuses a bad patient upload with nothing stored, and staff on the patient routes', async () => {
    const { practiceId, therapist, patient } = await createHistoryPractice(t);
    const patientCookie = await signIn(t.app, patient.email);
    const bad = await call(t.app, patientCookie, {
      method: 'POST',
      url: '/api/patient/documents',
      ...multipart([{ name: 'file', value: Buffer.from('<html></html>'), filename: 'x.pdf' }]),
    });
    expect(bad.statusCode).toBe(422);
    expect(storedDocuments(t, practiceId)).toEqual([]);
    expect((await call(t.app, therapist.cookie, { method: 'GET', url: '/api/patient/documents' })).statusCode).toBe(
      403,
    );
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, therapist.email));
    expect(mails).toEqual([]);
  });

  it('a patient of another practice never sees these documents', async () => {
    const a = await createHistoryPractice(t);
    const b = await createHistoryPractice(t);
    const doc = (await uploadFile(t.app, a.therapist.cookie, a.patient.id, 'a.pdf', pdfBytes())).json();
    await call(t.app, a.therapist.cookie, {
      method: 'POST',
      url: `/api/user-medical-history/${doc.id}/share`,
      payload: { shared: true },
    });
    const other = await signIn(t.app, b.patient.email);
    expect((await call(t.app, other, { method: 'GET', url: `/api/patient/documents/${doc.id}/file` })).statusCode).toBe(
      404,
    );
    expect((await call(t.app, other, { method: 'GET', url: '/api/patient/documents' })).json().list).toEqual([]);
  });
});

describe('parked uploads', () => {
  it('a file left behind by a dead request is swept after an hour, a fresh one stays', async () => {
    const dir = join(t.app.ctx.config.dataDir, 'upload-parking');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'old'), 'x');
    writeFileSync(join(dir, 'fresh'), 'x');
    const twoHoursAgo = new Date(Date.now() - 7_200_000);
    utimesSync(join(dir, 'old'), twoHoursAgo, twoHoursAgo);
    expect(await sweepParkedUploads(t.app.ctx)).toBe(1);
    expect(readdirSync(dir)).toEqual(['fresh']);
    rmSync(join(dir, 'fresh'));
  });
});
