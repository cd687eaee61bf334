import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Role } from '@praxia/shared';
import { like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config.js';
import { unreferencedFiles } from '../../src/db/schema.js';
import { openFileStorage } from '../../src/storage/open-file-storage.js';
import { createHistoryPractice, pdfBytes, uploadFile } from '../patient-factory.js';
import { type S3TestServer, startS3Server, useS3Environment } from '../s3-server.js';
import { call, createPractice, createTestApp, createUser, multipart, signIn, type TestApp } from '../test-app.js';

let server: S3TestServer;
let restoreEnvironment: () => void;
let t: TestApp;
let bucket: S3Client;

beforeAll(async () => {
  server = await startS3Server();
  restoreEnvironment = useS3Environment(server);
  t = await createTestApp({
    config: {
      objectStorage: {
        bucket: server.bucket,
        forcePathStyle: true,
        serverSideEncryption: 'AES256',
        hasCustomEndpoint: true,
      },
    },
  });
  // A client of its own: what the bucket holds, seen without the app's storage code.
  bucket = new S3Client({ forcePathStyle: true });
});
afterAll(async () => {
  bucket.destroy();
  await t.close();
  restoreEnvironment();
  await server.close();
});

async function objectsUnder(prefix: string): Promise<string[]> {
  const listed = await bucket.send(new ListObjectsV2Command({ Bucket: server.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key as string);
}

async function objectBytes(key: string): Promise<Buffer> {
  const answer = await bucket.send(new GetObjectCommand({ Bucket: server.bucket, Key: key }));
  return Buffer.from(await (answer.Body as { transformToByteArray: () => Promise<Uint8Array> }).transformToByteArray());
}

const png = (background: string) =>
  sharp({ create: { width: 20, height: 10, channels: 3, background } })
    .png()
    .toBuffer();

async function practiceOwner() {
  const id = await createPractice(t.database);
  const owner = await createUser(t.database, { roles: Role.THERAPIST | Role.CUSTOMER_ADMIN, practiceId: id });
  return { id, cookie: await signIn(t.app, owner.email) };
}

const patchPractice = (cookie: string, id: number, parts: Parameters<typeof multipart>[0]) =>
  call(t.app, cookie, { method: 'PATCH', url: `/api/customer/${id}`, ...multipart(parts) });

describe('files in an S3-compatible bucket (STORAGE_BUCKET)', () => {
  it('stores an uploaded document in the bucket, not on disk, and downloads it byte for byte', async () => {
    const { practiceId, therapist, patient } = await createHistoryPractice(t);
    // Larger than one multipart part, so the upload really goes in parts.
    const data = pdfBytes(7 * 1024 * 1024 + 123);
    const upload = await uploadFile(t.app, therapist.cookie, patient.id, 'Befund.pdf', data);
    expect(upload.statusCode).toBe(201);
    const stored = await objectsUnder(`practices/${practiceId}/documents/`);
    expect(stored).toHaveLength(1);
    expect((await objectBytes(stored[0] as string)).equals(data)).toBe(true);
    expect(readdirSync(t.app.ctx.config.dataDir)).not.toContain('files');
    const download = await call(t.app, therapist.cookie, {
      method: 'GET',
      url: `/api/user-medical-history/${upload.json().id}/file/Befund.pdf`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(data)).toBe(true);
  });

  it('keeps a practice logo in the bucket, serves it, and removes the replaced one', async () => {
    const practice = await practiceOwner();
    const first = await patchPractice(practice.cookie, practice.id, [
      { name: 'logo', value: await png('#3366aa'), filename: 'logo.png', type: 'image/png' },
    ]);
    expect(first.statusCode).toBe(200);
    const firstKey = first.json().logoFilename as string;
    const served = await call(t.app, practice.cookie, { method: 'GET', url: `/api/customer/${practice.id}/logo` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(await objectBytes(firstKey))).toBe(true);

    const second = await patchPractice(practice.cookie, practice.id, [
      { name: 'logo', value: await png('#aa6633'), filename: 'logo.png', type: 'image/png' },
    ]);
    const secondKey = second.json().logoFilename as string;
    await expect.poll(() => objectsUnder(`practices/${practice.id}/logos/`)).toEqual([secondKey]);
  });

  it('removes the new logo again when its transaction fails, leaving nothing listed as unreferenced', async () => {
    const practice = await practiceOwner();
    // An IBAN without the account holder is refused inside the transaction, after the logo was written.
    const refused = await patchPractice(practice.cookie, practice.id, [
      { name: '__data', value: JSON.stringify({ iban: 'DE02120300000000202051' }) },
      { name: 'logo', value: await png('#112233'), filename: 'logo.png', type: 'image/png' },
    ]);
    expect(refused.statusCode).toBe(422);
    expect(await objectsUnder(`practices/${practice.id}/`)).toEqual([]);
    const listed = await t.database.db
      .select()
      .from(unreferencedFiles)
      .where(like(unreferencedFiles.key, `practices/${practice.id}/%`));
    expect(listed).toEqual([]);
  });
});

describe('start-up with a bucket that cannot be reached', () => {
  it('stops with one line naming the bucket and the variables to check', async () => {
    const config = {
      ...readConfig({ STORAGE_BUCKET: 'kein-solcher-eimer', S3_FORCE_PATH_STYLE: '1' }),
      dataDir: join(t.app.ctx.config.dataDir, 'other'),
    };
    await expect(openFileStorage(config)).rejects.toThrow(
      /bucket kein-solcher-eimer is not reachable .*check STORAGE_BUCKET, AWS_ENDPOINT_URL_S3, AWS_REGION/,
    );
  });
});
