import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3FileStorage } from '../../src/storage/s3-file-storage.js';
import { type S3TestServer, startS3Server, useS3Environment } from '../s3-server.js';

/** Every request on its way to the bucket's server, as the SDK sent it (s3rver itself ignores the header). */
const seen: { method: string; url: string; encryption: string | undefined }[] = [];
let upstream: URL;
const proxy = createServer((incoming, answer) => {
  seen.push({
    method: incoming.method ?? '',
    url: incoming.url ?? '',
    encryption: incoming.headers['x-amz-server-side-encryption'] as string | undefined,
  });
  const forwarded = request(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: incoming.method,
      path: incoming.url,
      headers: incoming.headers,
    },
    (upstream) => {
      answer.writeHead(upstream.statusCode ?? 502, upstream.headers);
      upstream.pipe(answer);
    },
  );
  incoming.pipe(forwarded);
});

let server: S3TestServer;
let restoreEnvironment: () => void;
beforeAll(async () => {
  server = await startS3Server();
  upstream = new URL(server.endpoint);
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  restoreEnvironment = useS3Environment({
    ...server,
    environment: { ...server.environment, AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${port}` },
  });
});
afterAll(async () => {
  restoreEnvironment();
  await new Promise((resolve) => proxy.close(resolve));
  await server.close();
});

const writes = () => seen.filter((request) => request.method === 'PUT' || request.url.includes('uploads'));

describe('server-side encryption', () => {
  it('is requested on every write, single and multipart, unless switched off', async () => {
    const encrypted = createS3FileStorage({
      bucket: server.bucket,
      forcePathStyle: true,
      serverSideEncryption: 'AES256',
      hasCustomEndpoint: true,
    });
    await encrypted.put('practices/1/logos/sse-single.png', Buffer.from('logo'));
    await encrypted.putStream('practices/1/documents/sse-multi.pdf', Readable.from([Buffer.alloc(6 * 1024 * 1024)]));
    const encryptedWrites = writes();
    // The single PUT and the multipart upload's start carry the header (parts inherit the upload's encryption).
    expect(encryptedWrites.filter((request) => request.encryption === 'AES256').length).toBeGreaterThanOrEqual(2);
    expect(encryptedWrites.some((request) => request.method === 'POST' && request.encryption === 'AES256')).toBe(true);
    encrypted.close();

    seen.length = 0;
    const plain = createS3FileStorage({
      bucket: server.bucket,
      forcePathStyle: true,
      serverSideEncryption: null,
      hasCustomEndpoint: true,
    });
    await plain.put('practices/1/logos/plain.png', Buffer.from('logo'));
    expect(writes()).toHaveLength(1);
    expect(writes()[0]?.encryption).toBeUndefined();
    plain.close();
  });
});
