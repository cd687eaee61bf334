/**
 * Benchmark: the patient-data export of a therapist holding BENCH_EXPORT_MB of documents (default 1024 = 1 GiB),
 * downloaded over HTTP. Prints the process's peak memory growth during the download (goal < 100 MB: every document
 * is streamed into the zip, never buffered) and the throughput.
 * Run: npm run bench:export   (BENCH_EXPORT_MB=200 for a quick run)
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/api/src/app.js';
import { readConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { customers, medicalHistoryEntries, patients } from '../apps/api/src/db/schema.js';
import { hashPassword } from '../apps/api/src/lib/passwords.js';
import { practiceScope } from '../apps/api/src/lib/scope.js';
import { linkUserToCustomer } from '../apps/api/src/modules/users/user-customers.repo.js';
import { insertUser } from '../apps/api/src/modules/users/users.repo.js';
import { Role } from '../packages/shared/src/index.js';
import { PASSWORD, signIn } from './support.js';

const TOTAL_MB = Number(process.env.BENCH_EXPORT_MB ?? 1024);
const FILE_BYTES = 20 * 1024 * 1024;
const PATIENTS = 10;

const dataDir = mkdtempSync(join(tmpdir(), 'praxia-bench-export-'));
const database = await openDatabase({});
const db = database.systemDb;
const [practice] = await db
  .insert(customers)
  .values({ name: 'Bench-Praxis', street: 'Weg 1', postalCode: '10115', city: 'Berlin' })
  .returning({ id: customers.id });
if (!practice) throw new Error('no practice');
const email = `bench-${Date.now()}@example.org`;
const therapist = await insertUser(db, {
  email,
  passwordHash: await hashPassword(PASSWORD),
  roles: Role.THERAPIST,
  firstName: 'B',
  lastName: 'T',
  isConfirmed: true,
});
await linkUserToCustomer(db, practiceScope(practice.id), therapist.id);

// Documents written straight into the storage folder (uploading 1 GiB would measure the upload instead).
const folder = join(dataDir, 'files', 'practices', String(practice.id), 'documents');
mkdirSync(folder, { recursive: true });
const fileCount = Math.ceil((TOTAL_MB * 1024 * 1024) / FILE_BYTES);
const content = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(FILE_BYTES - 9)]);
const patientIds: number[] = [];
for (let i = 0; i < PATIENTS; i++) {
  const user = await insertUser(db, {
    email: `p${i}-${email}`,
    roles: Role.REGISTERED,
    firstName: 'P',
    lastName: `Patient ${i}`,
    isAccount: false,
  });
  await db
    .insert(patients)
    .values({ userId: user.id, customerId: practice.id, therapistId: therapist.id, patientNumber: i + 1 });
  patientIds.push(user.id);
}
for (let i = 0; i < fileCount; i++) {
  const name = `${randomUUID()}.pdf`;
  writeFileSync(join(folder, name), content);
  await db.insert(medicalHistoryEntries).values({
    customerId: practice.id,
    clientId: patientIds[i % PATIENTS] as number,
    therapistId: therapist.id,
    filename: `dokument-${i}.pdf`,
    storageKey: `practices/${practice.id}/documents/${name}`,
    contentType: 'application/pdf',
    sizeBytes: FILE_BYTES,
    createdBy: therapist.id,
  });
}

const app = await buildApp({
  config: { ...readConfig({}), dataDir, seedDemo: false },
  database,
  serveWeb: false,
  rateLimits: { scale: 1_000_000 },
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
const cookie = await signIn(url, email);

global.gc?.();
const baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 50);
const started = performance.now();
const response = await fetch(`${url}/api/user/download/${therapist.id}`, { headers: { cookie } });
if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status}`);
let received = 0;
for await (const chunk of response.body) received += (chunk as Uint8Array).byteLength;
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);

const growthMb = (peak - baseline) / 1024 / 1024;
console.log(
  `export: ${fileCount} documents, ${(received / 1024 / 1024).toFixed(0)} MB zip in ${seconds.toFixed(1)} s ` +
    `(${(received / 1024 / 1024 / seconds).toFixed(0)} MB/s); peak RSS growth ${growthMb.toFixed(1)} MB (goal < 100 MB): ` +
    (growthMb < 100 ? 'OK' : 'OVER'),
);
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
if (growthMb >= 100) process.exitCode = 1;
