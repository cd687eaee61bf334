/**
 * Benchmark: downloading a 20 MiB medical document over HTTP from an app whose files are in an S3-compatible bucket
 * (s3rver, in this process) against the same app on the local directory. The downloads alternate, BENCH_ROUNDS
 * each (default 10); prints the median times, the ratio bucket/local and the peak growth of heap and Buffer memory
 * while the bucket's downloads ran (the document is streamed through, never held whole: well below 20 MiB).
 * Run: npm run bench:object-storage
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buildApp } from '../apps/api/src/app.js';
import { type AppConfig, readConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { medicalHistoryEntries, patients } from '../apps/api/src/db/schema.js';
import { insertUser } from '../apps/api/src/modules/users/users.repo.js';
import { startS3Server, useS3Environment } from '../apps/api/test/s3-server.js';
import { Role } from '../packages/shared/src/index.js';
import { seedBenchTherapist, signIn } from './support.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const FILE_BYTES = 20 * 1024 * 1024;
const content = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(FILE_BYTES - 9)]);

/** An app with one therapist, one patient and the 20 MiB document stored through the app's own storage. */
async function startApp(objectStorage: AppConfig['objectStorage']) {
  const dataDir = mkdtempSync(join(tmpdir(), 'praxia-bench-storage-'));
  const database = await openDatabase({});
  const app = await buildApp({
    config: { ...readConfig({}), dataDir, seedDemo: false, objectStorage },
    database,
    serveWeb: false,
    rateLimits: { scale: 1_000_000 },
  });
  const { practice, therapist, email } = await seedBenchTherapist(database, 'storage');
  const patient = await insertUser(database.systemDb, {
    email: `p-${email}`,
    roles: Role.REGISTERED,
    firstName: 'P',
    lastName: 'Patient',
    isAccount: false,
  });
  await database.systemDb
    .insert(patients)
    .values({ userId: patient.id, customerId: practice.id, therapistId: therapist.id, patientNumber: 1 });
  const key = `practices/${practice.id}/documents/${randomUUID()}.pdf`;
  await app.ctx.storage.putStream(key, Readable.from([content]));
  const [entry] = await database.systemDb
    .insert(medicalHistoryEntries)
    .values({
      customerId: practice.id,
      clientId: patient.id,
      therapistId: therapist.id,
      filename: 'befund.pdf',
      storageKey: key,
      contentType: 'application/pdf',
      sizeBytes: FILE_BYTES,
      createdBy: therapist.id,
    })
    .returning();
  if (!entry) throw new Error('no document row');
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const cookie = await signIn(url, email);
  return {
    fileUrl: `${url}/api/user-medical-history/${entry.id}/file/befund.pdf`,
    cookie,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One download, read chunk by chunk; answers its milliseconds. */
async function download(target: { fileUrl: string; cookie: string }): Promise<number> {
  const started = performance.now();
  const response = await fetch(target.fileUrl, { headers: { cookie: target.cookie } });
  if (response.status !== 200 || !response.body) throw new Error(`download answered ${response.status}`);
  let received = 0;
  for await (const chunk of response.body) received += (chunk as Uint8Array).byteLength;
  if (received !== FILE_BYTES) throw new Error(`received ${received} of ${FILE_BYTES} bytes`);
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

const s3 = await startS3Server('praxia-bench');
const restoreEnvironment = useS3Environment(s3);
const local = await startApp(null);
const bucket = await startApp({
  bucket: s3.bucket,
  forcePathStyle: true,
  serverSideEncryption: 'AES256',
  hasCustomEndpoint: true,
});

// One warm-up each (connection pools, JIT), then the measured rounds side by side.
await download(local);
await download(bucket);
// Heap and Buffer memory, sampled often: a download held whole would show as a 20 MiB step.
const inUse = () => {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};
const times = { local: [] as number[], bucket: [] as number[] };
const growth = { local: 0, bucket: 0 };
/** Times one download and records the largest growth over the memory in use when it started. */
async function measured(side: 'local' | 'bucket', target: { fileUrl: string; cookie: string }) {
  global.gc?.();
  const baseline = inUse();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, inUse());
  }, 5);
  times[side].push(await download(target));
  clearInterval(sampler);
  growth[side] = Math.max(growth[side], peak - baseline);
}
for (let round = 0; round < ROUNDS; round++) {
  await measured('local', local);
  await measured('bucket', bucket);
}

const localMs = median(times.local);
const bucketMs = median(times.bucket);
const mbPerSecond = (ms: number) => (FILE_BYTES / 1024 / 1024 / (ms / 1000)).toFixed(0);
console.log(
  `20 MiB document download, median of ${ROUNDS}: local disk ${localMs.toFixed(0)} ms (${mbPerSecond(localMs)} MB/s), ` +
    `S3-compatible bucket (s3rver) ${bucketMs.toFixed(0)} ms (${mbPerSecond(bucketMs)} MB/s); ` +
    `ratio bucket/local ${(bucketMs / localMs).toFixed(2)}×; largest heap+buffer growth during one download: ` +
    `local ${(growth.local / 1024 / 1024).toFixed(1)} MB, bucket ${(growth.bucket / 1024 / 1024).toFixed(1)} MB ` +
    '(the client and the bucket’s server run in this process too; garbage is collected only now and then)',
);
await bucket.close();
await local.close();
restoreEnvironment();
await s3.close();
