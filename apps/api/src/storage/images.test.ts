import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageRefused, imageDecodes, reencodeImage } from './images.js';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#808080' } })
    .png()
    .toBuffer();

describe('reencodeImage', () => {
  it('fits a PNG into the given square and keeps its format', async () => {
    const { data, format } = await reencodeImage(await png(400, 100), { maxSide: 200 });
    expect(format).toBe('png');
    expect(await sharp(data).metadata()).toMatchObject({ format: 'png', width: 200, height: 50 });
  });

  it('refuses more than 40 megapixels even when each side is allowed', async () => {
    const refusal = await reencodeImage(await png(6400, 6400), { maxSide: 200 }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ImageRefused);
    expect((refusal as ImageRefused).reason).toBe('tooLarge');
  });

  it('refuses what is not a PNG or JPEG by its bytes', async () => {
    const gif = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await expect(reencodeImage(gif, { maxSide: 200 })).rejects.toMatchObject({ reason: 'type' });
  });

  it('decodes one image at a time; the others wait their turn', async () => {
    const upload = await png(3000, 3000);
    const all = Promise.all([1, 2, 3].map(() => reencodeImage(upload, { maxSide: 1600 })));
    await new Promise((resolve) => setImmediate(resolve));
    expect({ active: imageDecodes.active, waiting: imageDecodes.waiting }).toEqual({ active: 1, waiting: 2 });
    await all;
    expect({ active: imageDecodes.active, waiting: imageDecodes.waiting }).toEqual({ active: 0, waiting: 0 });
  });
});
