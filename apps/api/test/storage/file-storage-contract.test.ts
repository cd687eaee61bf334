import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalFileStorage, type FileStorage } from '../../src/storage/file-storage.js';
import { createS3FileStorage } from '../../src/storage/s3-file-storage.js';
import { type S3TestServer, startS3Server, useS3Environment } from '../s3-server.js';

const MiB = 1024 * 1024;

const block = randomBytes(MiB);

/** `total` bytes in 1 MiB chunks of one repeated random block, produced as they are read. */
function generated(total: number, failAfter?: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) {
        this.destroy(new Error('upload broke off'));
        return;
      }
      if (sent >= total) {
        this.push(null);
        return;
      }
      sent += MiB;
      this.push(block);
    },
  });
}

async function digest(stream: Readable) {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

let key = 0;
const nextKey = (ext = 'pdf') => `practices/7/documents/contract-${process.pid}-${++key}.${ext}`;

type Backend = { storage: FileStorage; close: () => Promise<void> };

const backends: Record<string, () => Promise<Backend>> = {
  'local directory': async () => {
    const root = mkdtempSync(join(tmpdir(), 'praxia-storage-contract-'));
    return { storage: createLocalFileStorage(root), close: async () => rmSync(root, { recursive: true, force: true }) };
  },
  's3-compatible bucket': async () => {
    const server: S3TestServer = await startS3Server();
    const restore = useS3Environment(server);
    const storage = createS3FileStorage({
      bucket: server.bucket,
      forcePathStyle: true,
      serverSideEncryption: 'AES256',
      hasCustomEndpoint: true,
    });
    return {
      storage,
      close: async () => {
        storage.close();
        restore();
        await server.close();
      },
    };
  },
};

describe.each(Object.keys(backends))('file storage contract: %s', (name) => {
  let backend: Backend;
  let storage: FileStorage;
  beforeAll(async () => {
    backend = await (backends[name] as () => Promise<Backend>)();
    storage = backend.storage;
  });
  afterAll(() => backend.close());

  it('stores, reads, overwrites and removes a file', async () => {
    const file = nextKey();
    await storage.put(file, Buffer.from('erste Fassung'));
    expect(await storage.exists(file)).toBe(true);
    expect((await storage.get(file))?.toString()).toBe('erste Fassung');
    await storage.put(file, Buffer.from('zweite'));
    expect((await storage.get(file))?.toString()).toBe('zweite');
    await storage.remove(file);
    expect(await storage.exists(file)).toBe(false);
    expect(await storage.get(file)).toBeNull();
  });

  it('answers null for a missing file and removes one without complaint', async () => {
    const file = nextKey();
    expect(await storage.get(file)).toBeNull();
    expect(await storage.getStream(file)).toBeNull();
    expect(await storage.exists(file)).toBe(false);
    await expect(storage.remove(file)).resolves.toBeUndefined();
  });

  it('refuses a key the server did not make, for every operation', async () => {
    const bad = 'practices/7/../../etc/passwd.pdf';
    await expect(storage.put(bad, Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
    await expect(storage.putStream(bad, Readable.from([Buffer.from('x')]))).rejects.toThrow(/invalid storage key/);
    await expect(storage.get(bad)).rejects.toThrow(/invalid storage key/);
    await expect(storage.getStream(bad)).rejects.toThrow(/invalid storage key/);
    await expect(storage.exists(bad)).rejects.toThrow(/invalid storage key/);
    await expect(storage.remove(bad)).rejects.toThrow(/invalid storage key/);
  });

  it('streams a 12 MiB file in and out byte for byte', async () => {
    const file = nextKey();
    const expected = await digest(generated(12 * MiB));
    await storage.putStream(file, generated(12 * MiB));
    const stream = await storage.getStream(file);
    if (!stream) throw new Error('stored stream missing');
    expect(await digest(stream)).toEqual(expected);
    // Replaced by a later stream, as put replaces.
    await storage.putStream(file, Readable.from([Buffer.from('kurz')]));
    expect((await storage.get(file))?.toString()).toBe('kurz');
  });

  it('keeps nothing of a stream that breaks off, and leaves an earlier file of that key alone', async () => {
    const fresh = nextKey();
    await expect(storage.putStream(fresh, generated(12 * MiB, 7 * MiB))).rejects.toThrow(/upload broke off/);
    expect(await storage.exists(fresh)).toBe(false);
    const small = nextKey();
    await expect(storage.putStream(small, generated(2 * MiB, MiB))).rejects.toThrow(/upload broke off/);
    expect(await storage.exists(small)).toBe(false);
    const existing = nextKey();
    await storage.put(existing, Buffer.from('bleibt'));
    await expect(storage.putStream(existing, generated(12 * MiB, 7 * MiB))).rejects.toThrow(/upload broke off/);
    expect((await storage.get(existing))?.toString()).toBe('bleibt');
  });
});
