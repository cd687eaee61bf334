import { crc32, deflateSync } from 'node:zlib';
import { Role } from '@praxia/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createPractice, createTestApp, createUser, signIn, type TestApp } from '../test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function ownerOfNewPractice() {
  const id = await createPractice(t.database);
  const owner = await createUser(t.database, { roles: Role.THERAPIST | Role.CUSTOMER_ADMIN, practiceId: id });
  return { id, cookie: await signIn(t.app, owner.email) };
}

function uploadLogo(practice: { id: number; cookie: string }, file: Buffer) {
  const boundary = '----praxia-logo-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo"\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return call(t.app, practice.cookie, {
    method: 'PATCH',
    url: `/api/customer/${practice.id}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366aa' } });

/**
 * A valid grey PNG of 1 × height pixels, written directly: sharp itself needs 10+ seconds to encode such a shape
 * (which is the point of the limit). 16,000,000 rows of zeros deflate to a few tens of kilobytes.
 */
function narrowPng(height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  // Each row: filter byte 0 and one pixel.
  const rows = deflateSync(Buffer.alloc(height * 2), { level: 9 });
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}

describe('logo decoding is bounded', () => {
  it('refuses a tiny file of 1 × 16,000,000 pixels as too large, before decoding it', async () => {
    const practice = await ownerOfNewPractice();
    const narrow = narrowPng(16_000_000);
    expect(narrow.length).toBeLessThan(100_000);
    expect(await sharp(narrow, { limitInputPixels: false }).metadata()).toMatchObject({
      format: 'png',
      width: 1,
      height: 16_000_000,
    });
    const response = await uploadLogo(practice, narrow);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'error.logoPixels',
      detail: 'Bild zu groß (1 × 16.000.000 Pixel): höchstens 40 Megapixel und 10.000 Pixel Seitenlänge.',
      validationMessages: { logo: ['error.logoPixels'] },
    });
    const after = await call(t.app, practice.cookie, { method: 'GET', url: `/api/customer/${practice.id}` });
    expect(after.json().logoFilename).toBeNull();
  });

  it.each([
    ['PNG', () => image(300, 200).png().toBuffer()],
    ['JPEG', () => image(300, 200).jpeg().toBuffer()],
  ])('answers a truncated %s (valid header, broken data) with 422 unreadable, not 500', async (_name, make) => {
    const practice = await ownerOfNewPractice();
    const whole = await make();
    const response = await uploadLogo(practice, whole.subarray(0, Math.floor(whole.length / 2)));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'error.logoUnreadable',
      validationMessages: { logo: ['error.logoUnreadable'] },
    });
  });
});
