import { randomUUID } from 'node:crypto';
import { ErrorCode, LOGO_TYPE_ERROR, ValidationKey } from '@praxia/shared';
import { AppError } from '../../plugins/errors.js';
import { type ImageRefusal, ImageRefused, reencodeImage, tooLargeDetail } from '../../storage/images.js';

export type ProcessedLogo = { key: string; data: Buffer; contentType: string };

const REFUSALS: Record<
  ImageRefusal,
  { detail: string | ((refusal: ImageRefused) => string); key: string; code: ErrorCode }
> = {
  type: {
    detail: 'Dieser Dateityp wird für das Logo leider nicht unterstützt.',
    key: LOGO_TYPE_ERROR,
    code: ErrorCode.logoType,
  },
  tooLarge: { detail: tooLargeDetail, key: ValidationKey.logoPixels, code: ErrorCode.logoPixels },
  unreadable: { detail: 'image cannot be read', key: ValidationKey.logoUnreadable, code: ErrorCode.logoUnreadable },
};

const refused = (refusal: ImageRefused) => {
  const { detail, key, code } = REFUSALS[refusal.reason];
  const text = typeof detail === 'string' ? detail : detail(refusal);
  return new AppError(code, { status: 422, detail: text, fields: { logo: [key] } });
};

/** Accepts PNG or JPEG by their content and re-encodes them, at most 1600 px on the longer side. */
export async function processLogo(upload: Buffer, uploaderId: number): Promise<ProcessedLogo> {
  try {
    const { data, format } = await reencodeImage(upload, { maxSide: 1600, uploader: `user:${uploaderId}` });
    return {
      key: `logos/${randomUUID()}.${format === 'png' ? 'png' : 'jpg'}`,
      data,
      contentType: format === 'png' ? 'image/png' : 'image/jpeg',
    };
  } catch (error) {
    if (error instanceof ImageRefused) throw refused(error);
    throw error;
  }
}

export function logoContentType(key: string): string {
  return key.endsWith('.png') ? 'image/png' : 'image/jpeg';
}
