import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type ServerSideEncryption,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertStorageKey, type FileStorage } from './file-storage.js';

export type ObjectStorageSettings = {
  bucket: string;
  /** Path-style addresses (endpoint/bucket/key): MinIO, Ceph, Garage and most self-hosted stores need them. */
  forcePathStyle: boolean;
  /** Requested on every write; null for a store that refuses the header. */
  serverSideEncryption: ServerSideEncryption | null;
  /** AWS_ENDPOINT_URL_S3 (or AWS_ENDPOINT_URL) names a store other than AWS. */
  hasCustomEndpoint: boolean;
};

/** 5 MiB is S3's smallest multipart part; four in flight bound an upload's memory to about 20 MiB. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 4;

const isMissing = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
};

/**
 * Files in an S3-compatible bucket. Endpoint, region and credentials come from the AWS SDK's standard sources
 * (AWS_ENDPOINT_URL_S3, AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, profiles, instance roles), so every
 * store the SDK reaches works without settings of our own. Objects stay private: nothing here makes a public URL,
 * every read goes through the app's access checks.
 */
export function createS3FileStorage(
  settings: ObjectStorageSettings,
  client = new S3Client({
    forcePathStyle: settings.forcePathStyle,
    // The SDK's default CRC checksums on every upload (since 3.729) are refused by several S3-compatible stores;
    // they get checksums only where the API requires them (TLS and the signature still protect each request).
    ...(settings.hasCustomEndpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
  }),
): FileStorage & { checkBucket: () => Promise<void>; close: () => void } {
  const { bucket } = settings;
  const encryption = settings.serverSideEncryption ? { ServerSideEncryption: settings.serverSideEncryption } : {};

  async function readBody(key: string) {
    assertStorageKey(key);
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return (answer.Body as Readable | undefined) ?? null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    async put(key, data) {
      assertStorageKey(key);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: data, ...encryption }));
    },
    async get(key) {
      const body = await readBody(key);
      if (!body) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async exists(key) {
      assertStorageKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async remove(key) {
      assertStorageKey(key);
      // S3 answers a delete of a missing key with success, like the local storage's rm --force.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async putStream(key, source) {
      assertStorageKey(key);
      // Multipart in bounded parts: a 20 MiB document or a large import never sits in memory whole. An object only
      // appears when the upload completes; on an error the parts are aborted, so a failure leaves nothing.
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: source, ...encryption },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // The broken source is the cause to report. Should the abort fail too (some stores lack it), the parts stay
        // invisible, never an object; a bucket rule that ends incomplete multipart uploads frees them.
        throw source.errored ?? error;
      }
    },
    async getStream(key) {
      // The SDK's body is the HTTP response itself: handed on as it arrives, never buffered.
      return readBody(key);
    },
    async checkBucket() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
    close() {
      client.destroy();
    },
  };
}
