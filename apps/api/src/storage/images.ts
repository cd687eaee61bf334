import sharp from 'sharp';
import { createFairQueue } from './decode-queue.js';

/** Pixels an uploaded image may have; a logo or avatar needs far fewer (a 12-megapixel photo is fine). */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** Longest side: a 1 × 16,000,000 image is small in pixels but takes seconds to resize. */
export const IMAGE_MAX_SIDE = 10_000;
const DECODE_TIMEOUT_SECONDS = 10;

// Decoding runs on libuv's thread pool, which password hashing shares: one image at a time keeps sign-in answering
// however many uploads arrive together, and bounds the memory decoding takes. Uploaders take turns.
const decodeQueue = createFairQueue(1);

/** Decodes running and waiting (for tests and diagnostics). */
export const imageDecodes = {
  get active() {
    return decodeQueue.active;
  },
  get waiting() {
    return decodeQueue.waiting;
  },
  get uploaders() {
    return decodeQueue.owners;
  },
};

export type ImageFormat = 'png' | 'jpeg';
/** What an upload may be: a GIF (avatars only) is re-encoded as PNG. */
type UploadFormat = ImageFormat | 'gif';
export type ImageRefusal = 'type' | 'tooLarge' | 'unreadable';

/** An upload that is not an accepted image, too large to decode (its dimensions are known then), or broken. */
export class ImageRefused extends Error {
  constructor(
    readonly reason: ImageRefusal,
    readonly dimensions?: { width: number; height: number },
  ) {
    super(`image refused: ${reason}`);
  }
}

const germanNumber = new Intl.NumberFormat('de-DE');

/** Names what was refused and what is accepted, e.g. for an image of 6,400 × 6,400 pixels. */
export function tooLargeDetail(refusal: ImageRefused): string {
  const size = refusal.dimensions
    ? ` (${germanNumber.format(refusal.dimensions.width)} × ${germanNumber.format(refusal.dimensions.height)} Pixel)`
    : '';
  return `Bild zu groß${size}: höchstens ${IMAGE_MAX_PIXELS / 1_000_000} Megapixel und ${germanNumber.format(IMAGE_MAX_SIDE)} Pixel Seitenlänge.`;
}

/** The format by its magic bytes, never by the name or the client's type (security.md). */
function sniffFormat(upload: Buffer): UploadFormat | null {
  if (upload.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (upload[0] === 0xff && upload[1] === 0xd8 && upload[2] === 0xff) return 'jpeg';
  const signature = upload.subarray(0, 6).toString('latin1');
  if (signature === 'GIF87a' || signature === 'GIF89a') return 'gif';
  return null;
}

async function reencode(upload: Buffer, format: ImageFormat, maxSide: number): Promise<Buffer> {
  const options = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' } as const;
  let width: number | undefined;
  let height: number | undefined;
  try {
    // Reads the header only; the limits are checked below so that they can be told apart from a broken file.
    ({ width, height } = await sharp(upload, { ...options, limitInputPixels: false }).metadata());
  } catch {
    throw new ImageRefused('unreadable');
  }
  // Refused from the header alone, before any pixel is decoded.
  if (!width || !height) throw new ImageRefused('unreadable');
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE || width * height > IMAGE_MAX_PIXELS)
    throw new ImageRefused('tooLarge', { width, height });
  const pipeline = sharp(upload, options)
    .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
    .rotate()
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
  try {
    return format === 'png' ? await pipeline.png().toBuffer() : await pipeline.jpeg({ quality: 90 }).toBuffer();
  } catch (error) {
    throw new ImageRefused(/timeout/i.test(String(error)) ? 'tooLarge' : 'unreadable');
  }
}

/**
 * Re-encodes an uploaded PNG or JPEG (drops EXIF and anything smuggled behind the image data), fitted into
 * maxSide × maxSide. Decoding is bounded in pixels, side length, time and concurrency; `uploader` (the user) takes
 * turns with the other uploaders.
 */
export async function reencodeImage(
  upload: Buffer,
  options: { maxSide: number; uploader: string; isGifAllowed?: boolean },
): Promise<{ data: Buffer; format: ImageFormat }> {
  const sniffed = sniffFormat(upload);
  if (!sniffed || (sniffed === 'gif' && !options.isGifAllowed)) throw new ImageRefused('type');
  // A GIF keeps its first frame only, as a PNG.
  const format: ImageFormat = sniffed === 'gif' ? 'png' : sniffed;
  const data = await decodeQueue.run(options.uploader, () => reencode(upload, format, options.maxSide));
  return { data, format };
}
