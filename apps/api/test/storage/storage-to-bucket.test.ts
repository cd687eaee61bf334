import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyLocalFilesToBucket } from '../../src/storage/copy-to-bucket.js';
import { createS3FileStorage } from '../../src/storage/s3-file-storage.js';
import { type S3TestServer, startS3Server, useS3Environment } from '../s3-server.js';

const run = promisify(execFile);
const repoRoot = join(import.meta.dirname, '../../../..');

let server: S3TestServer;
let restoreEnvironment: () => void;
let dataDir: string;
let bucket: ReturnType<typeof createS3FileStorage>;

function writeLocal(key: string, content: string) {
  const path = join(dataDir, 'files', key);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, content);
}

beforeAll(async () => {
  server = await startS3Server();
  restoreEnvironment = useS3Environment(server);
  bucket = createS3FileStorage({
    bucket: server.bucket,
    forcePathStyle: true,
    serverSideEncryption: 'AES256',
    hasCustomEndpoint: true,
  });
  dataDir = mkdtempSync(join(tmpdir(), 'praxia-to-bucket-'));
});
afterAll(async () => {
  bucket.close();
  restoreEnvironment();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('moving the local files into a bucket', () => {
  it('copies every storage key once, leaves keys the bucket holds alone, and skips what is not a key', async () => {
    writeLocal('practices/4/logos/0b9c7e4e-2f7a-4a53-9a0e-1c2d3e4f5a6b.png', 'logo');
    writeLocal('practices/4/documents/1b9c7e4e-2f7a-4a53-9a0e-1c2d3e4f5a6b.pdf', 'befund');
    writeLocal('logos/2b9c7e4e-2f7a-4a53-9a0e-1c2d3e4f5a6b.jpg', 'alt');
    writeLocal('practices/4/documents/3b9c7e4e-2f7a-4a53-9a0e-1c2d3e4f5a6b.pdf.partial', 'halb');
    await bucket.put('practices/4/documents/1b9c7e4e-2f7a-4a53-9a0e-1c2d3e4f5a6b.pdf', Buffer.from('schon da'));

    const root = join(dataDir, 'files');
    expect(await copyLocalFilesToBucket(root, bucket)).toEqual({
      copied: 2,
      alreadyThere: 1,
      notKeys: ['practices/4/documents/3b9c7e4e-2f7a-4a53-9a0e-1c2d3e4f5a6b.pdf.partial'],
    });
    expect((await bucket.get('practices/4/logos/0b9c7e4e-2f7a-4a53-9a0e-1c2d3e4f5a6b.png'))?.toString()).toBe('logo');
    expect((await bucket.get('logos/2b9c7e4e-2f7a-4a53-9a0e-1c2d3e4f5a6b.jpg'))?.toString()).toBe('alt');
    // An object already in the bucket is never overwritten.
    expect((await bucket.get('practices/4/documents/1b9c7e4e-2f7a-4a53-9a0e-1c2d3e4f5a6b.pdf'))?.toString()).toBe(
      'schon da',
    );
    expect(await copyLocalFilesToBucket(root, bucket)).toMatchObject({ copied: 0, alreadyThere: 3 });
  });

  it('runs as npm run storage:to-bucket, reporting the counts', async () => {
    writeLocal('practices/5/avatars/4b9c7e4e-2f7a-4a53-9a0e-1c2d3e4f5a6b.png', 'avatar');
    const { stdout } = await run('npm', ['run', '--silent', 'storage:to-bucket'], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, STORAGE_BUCKET: server.bucket, S3_FORCE_PATH_STYLE: '1' },
    });
    expect(stdout).toContain(`→ ${server.bucket}: 1 copied, 3 already there, 1 not storage keys (left alone)`);
    expect((await bucket.get('practices/5/avatars/4b9c7e4e-2f7a-4a53-9a0e-1c2d3e4f5a6b.png'))?.toString()).toBe(
      'avatar',
    );
  });

  it('refuses to run without a bucket, saying what to set', async () => {
    const failure = await run('npm', ['run', '--silent', 'storage:to-bucket'], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, STORAGE_BUCKET: '' },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 1, stderr: expect.stringContaining('Set STORAGE_BUCKET') });
  });
});
