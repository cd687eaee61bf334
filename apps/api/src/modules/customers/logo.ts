import { randomUUID } from 'node:crypto';
import { ErrorCode, LOGO_TYPE_ERROR } from '@praxia/shared';
import sharp from 'sharp';
import { AppError } from '../../plugins/errors.js';

export type ProcessedLogo = { key: string; data: Buffer; contentType: string };

const typeRefused = () =>
  new AppError(
    'Validation Failed',
    'Dieser Dateityp wird für das Logo leider nicht unterstützt.',
    { logo: [LOGO_TYPE_ERROR] },
    ErrorCode.logoType,
  );

/**
 * Accepts PNG or JPEG by their content (not the name or the client's type) and re-encodes them,
 * which drops metadata such as EXIF and anything smuggled behind the image data.
 */
export async function processLogo(upload: Buffer): Promise<ProcessedLogo> {
  let format: string | undefined;
  try {
    format = (await sharp(upload).metadata()).format;
  } catch {
    throw typeRefused();
  }
  if (format !== 'png' && format !== 'jpeg') throw typeRefused();
  const pipeline = sharp(upload)
    .rotate()
    .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true });
  const data = format === 'png' ? await pipeline.png().toBuffer() : await pipeline.jpeg({ quality: 90 }).toBuffer();
  const extension = format === 'png' ? 'png' : 'jpg';
  return {
    key: `logos/${randomUUID()}.${extension}`,
    data,
    contentType: format === 'png' ? 'image/png' : 'image/jpeg',
  };
}

export function logoContentType(key: string): string {
  return key.endsWith('.png') ? 'image/png' : 'image/jpeg';
}
