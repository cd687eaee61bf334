import { Role } from '@praxia/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createPractice,
  createTestApp,
  createUser,
  multipart,
  signIn,
  type TestApp,
  type TestUser,
} from '../test-app.js';

let t: TestApp;
let therapist: TestUser;
let assistant: TestUser;
let drs: TestUser;
let otherOwner: TestUser;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  const park = await createPractice(t.database);
  const other = await createPractice(t.database);
  therapist = await createUser(t.database, { roles: Role.THERAPIST, practiceId: park });
  assistant = await createUser(t.database, { roles: Role.SECRETARY, practiceId: park });
  drs = await createUser(t.database, { roles: Role.THERAPIST_DRS, practiceId: park });
  otherOwner = await createUser(t.database, { roles: Role.CUSTOMER_ADMIN, practiceId: other });
  png = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

const upload = (file: Buffer, filename = 'bild.png', type = 'image/png') =>
  multipart([{ name: 'file', value: file, filename, type }]);

const put = async (actor: TestUser, id: number, file: Buffer, filename?: string) =>
  call(t.app, await signIn(t.app, actor.email), {
    method: 'PUT',
    url: `/api/user/${id}/avatar`,
    ...upload(file, filename),
  });
const get = async (actor: TestUser, id: number) =>
  call(t.app, await signIn(t.app, actor.email), { method: 'GET', url: `/api/user/${id}/avatar` });

describe('avatar', () => {
  it('stores an uploaded PNG re-encoded to at most 400x400, streams it privately and deletes it', async () => {
    const response = await put(therapist, therapist.id, png);
    expect(response.statusCode).toBe(200);
    expect(response.json().hasAvatar).toBe(true);
    const image = await get(therapist, therapist.id);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('private, no-store');
    const { width, height } = await sharp(image.rawPayload).metadata();
    expect([width, height]).toEqual([400, 400]);
    const user = await call(t.app, await signIn(t.app, therapist.email), {
      method: 'GET',
      url: `/api/user/${therapist.id}`,
    });
    expect(user.json().hasAvatar).toBe(true);
    const removed = await call(t.app, await signIn(t.app, therapist.email), {
      method: 'DELETE',
      url: `/api/user/${therapist.id}/avatar`,
    });
    expect(removed.statusCode).toBe(204);
    expect((await get(therapist, therapist.id)).statusCode).toBe(404);
  });

  it('accepts JPEG and GIF by content whatever the name; a GIF is stored as PNG without what trailed it', async () => {
    const jpeg = await sharp(png).jpeg().toBuffer();
    expect((await put(therapist, therapist.id, jpeg, 'x.gif')).statusCode).toBe(200);
    const gif = await sharp(png).gif().toBuffer();
    expect(
      (await put(therapist, therapist.id, Buffer.concat([gif, Buffer.from('<script>')]), 'x.txt')).statusCode,
    ).toBe(200);
    const stored = await get(therapist, therapist.id);
    expect(stored.headers['content-type']).toBe('image/png');
    expect(stored.rawPayload.includes('<script>')).toBe(false);
  });

  it('refuses other types with error.file.mimeType, and a file over 1,048,576 bytes with error.file.fileSize', async () => {
    const text = await put(therapist, therapist.id, Buffer.from('just text, named png'), 'bild.png');
    expect(text.statusCode).toBe(422);
    expect(text.json()).toMatchObject({
      code: 'error.file.mimeType',
      validationMessages: { file: ['error.file.mimeType'] },
    });
    const big = Buffer.concat([png, Buffer.alloc(1_048_577 - png.length)]);
    const tooLarge = await put(therapist, therapist.id, big);
    expect(tooLarge.statusCode).toBe(422);
    expect(tooLarge.json()).toMatchObject({
      code: 'error.file.fileSize',
      detail: 'Die Datei darf maximal 1 MB groß sein.',
      validationMessages: { file: ['error.file.fileSize'] },
    });
    const broken = await put(therapist, therapist.id, png.subarray(0, 100));
    expect(broken.json().code).toBe('error.file.unreadable');
  });

  it('refuses an image with too many pixels by what it is, not by the byte limit it keeps', async () => {
    const bomb = await sharp({ create: { width: 6400, height: 6400, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    expect(bomb.length).toBeLessThan(1_048_576);
    const refused = await put(therapist, therapist.id, bomb);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'error.file.pixels',
      detail: 'Bild zu groß (6.400 × 6.400 Pixel): höchstens 40 Megapixel und 10.000 Pixel Seitenlänge.',
      validationMessages: { file: ['error.file.pixels'] },
    });
  });

  it('lets an assistant set a practice user’s avatar; a colleague without the permission and another practice get 404', async () => {
    expect((await put(assistant, therapist.id, png)).statusCode).toBe(200);
    expect((await get(assistant, therapist.id)).statusCode).toBe(200);
    expect((await put(drs, therapist.id, png)).statusCode).toBe(404);
    expect((await put(otherOwner, therapist.id, png)).statusCode).toBe(404);
    expect((await get(otherOwner, therapist.id)).statusCode).toBe(404);
  });
});

describe('avatar upload limits (unscaled)', () => {
  it('takes ten uploads per user in ten minutes, from any network; another user keeps their own', async () => {
    const limited = await createTestApp({ rateLimitScale: 1 });
    try {
      const practice = await createPractice(limited.database);
      const busy = await createUser(limited.database, { roles: Role.THERAPIST, practiceId: practice });
      const other = await createUser(limited.database, { roles: Role.THERAPIST, practiceId: practice });
      const cookies = new Map<TestUser, string>();
      for (const user of [busy, other]) cookies.set(user, await signIn(limited.app, user.email));
      const uploadAs = async (user: TestUser, network: string) =>
        (
          await call(limited.app, cookies.get(user), {
            method: 'PUT',
            url: `/api/user/${user.id}/avatar`,
            remoteAddress: network,
            ...upload(png),
          })
        ).statusCode;
      const statuses = [];
      for (let attempt = 0; attempt < 11; attempt++) statuses.push(await uploadAs(busy, `198.51.100.${attempt + 1}`));
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
      expect(statuses[10]).toBe(429);
      expect(await uploadAs(other, '198.51.100.1')).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
