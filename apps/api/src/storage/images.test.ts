import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageRefused, imageDecodes, reencodeImage, tooLargeDetail } from './images.js';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#808080' } })
    .png()
    .toBuffer();

describe('reencodeImage', () => {
  it('fits a PNG into the given square and keeps its format', async () => {
    const { data, format } = await reencodeImage(await png(400, 100), { maxSide: 200, uploader: 'user:1' });
    expect(format).toBe('png');
    expect(await sharp(data).metadata()).toMatchObject({ format: 'png', width: 200, height: 50 });
  });

  it('refuses more than 40 megapixels even when each side is allowed', async () => {
    const refusal = await reencodeImage(await png(6400, 6400), { maxSide: 200, uploader: 'user:1' }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(ImageRefused);
    expect((refusal as ImageRefused).reason).toBe('tooLarge');
    expect(tooLargeDetail(refusal as ImageRefused)).toBe(
      'Bild zu groß (6.400 × 6.400 Pixel): höchstens 40 Megapixel und 10.000 Pixel Seitenlänge.',
    );
  });

  it('refuses what is not a PNG or JPEG by its bytes', async () => {
    const gif = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await expect(reencodeImage(gif, { maxSide: 200, uploader: 'user:1' })).rejects.toMatchObject({ reason: 'type' });
  });

  it('decodes one image at a time; the others wait their turn', async () => {
    const upload = await png(3000, 3000);
    const all = Promise.all([1, 2, 3].map(() => reencodeImage(upload, { maxSide: 1600, uploader: 'user:1' })));
    await new Promise((resolve) => setImmediate(resolve));
    expect({ active: imageDecodes.active, waiting: imageDecodes.waiting }).toEqual({ active: 1, waiting: 2 });
    await all;
    expect({ active: imageDecodes.active, waiting: imageDecodes.waiting }).toEqual({ active: 0, waiting: 0 });
  });

  it("takes turns between uploaders: one user's batch does not hold back another user's image", async () => {
    const upload = await png(3000, 3000);
    const finished: string[] = [];
    const decode = (uploader: string, name: string) =>
      reencodeImage(upload, { maxSide: 1600, uploader }).then(() => finished.push(name));
    const batch = [1, 2, 3, 4].map((n) => decode('user:1', `batch ${n}`));
    const single = decode('user:2', 'single');
    await Promise.all([...batch, single]);
    // The first of the batch was running when the other user's image came; it is next, before the batch goes on.
    expect(finished).toEqual(['batch 1', 'single', 'batch 2', 'batch 3', 'batch 4']);
    // Nothing stays behind for uploaders who are done.
    expect(imageDecodes.uploaders).toBe(0);
  });
});
