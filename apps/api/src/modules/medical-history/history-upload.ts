import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { HISTORY_FILE_MAX_BYTES, HISTORY_FILE_TYPE_ERROR, HISTORY_MAX_SIZE, ValidationKey } from '@praxia/shared';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import type { AppConfig } from '../../config.js';
import { drain, type FilePart, readMultipart } from '../../lib/multipart.js';
import { AppError, validationFailed } from '../../plugins/errors.js';

/** An uploaded file parked outside the storage until it has passed every check. */
export type ParkedUpload = { path: string; filename: string; size: number; ext: string; contentType: string };

export type UploadForm = { fields: Record<string, string>; upload: ParkedUpload | null };

/**
 * Accepted types by their content, and the file-name endings each may carry: Word, PDF and images (spec people §5).
 * A name that does not match the content (a PNG named .pdf) is refused too: the name is what the download offers.
 */
const ACCEPTED: Record<string, { endings: string[]; contentType: string }> = {
  pdf: { endings: ['pdf'], contentType: 'application/pdf' },
  docx: {
    endings: ['docx'],
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  // The old Word format is a Compound File; file-type names only the container.
  cfb: { endings: ['doc'], contentType: 'application/msword' },
  png: { endings: ['png'], contentType: 'image/png' },
  jpg: { endings: ['jpg', 'jpeg', 'jpe'], contentType: 'image/jpeg' },
  gif: { endings: ['gif'], contentType: 'image/gif' },
  webp: { endings: ['webp'], contentType: 'image/webp' },
  tif: { endings: ['tif', 'tiff'], contentType: 'image/tiff' },
  bmp: { endings: ['bmp'], contentType: 'image/bmp' },
};

export const fileTooLarge = () =>
  validationFailed('file', `${HISTORY_MAX_SIZE}:${HISTORY_FILE_MAX_BYTES}`, 'The file is too large.');
const wrongType = () => validationFailed('file', HISTORY_FILE_TYPE_ERROR, 'This file type is not accepted.');

/** A display name without path parts or control characters, bounded. */
function cleanFilename(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed here
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return cleaned.slice(-200);
}

/**
 * Reads a multipart upload: its text fields, and at most one `file`, streamed to a parked file while the size limit
 * is enforced by the parser (never buffered whole). Whatever is refused, cut off or abandoned leaves nothing behind.
 */
export async function readUploadForm(
  request: FastifyRequest,
  parkingDir: string,
  config: Pick<AppConfig, 'uploadIdleTimeoutMs' | 'uploadTimeoutMs'>,
): Promise<UploadForm> {
  let upload: ParkedUpload | null = null;
  // A file over the limit is cut off and the remaining parts still read, so the answer is our 422 with the limit.
  let isTooLarge = false;
  await mkdir(parkingDir, { recursive: true });
  const parkFile = async ({ fieldname, filename, stream }: FilePart) => {
    if (fieldname !== 'file') {
      await drain(stream);
      isTooLarge ||= stream.truncated;
      return;
    }
    const path = join(parkingDir, randomUUID());
    const parked = createWriteStream(path);
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
    });
    try {
      await pipeline(stream, parked);
    } catch (error) {
      // The descriptor is closed before the name goes, so neither outlives a failed request.
      if (!parked.closed) await new Promise<void>((resolve) => parked.once('close', () => resolve()));
      await rm(path, { force: true });
      throw error;
    }
    if (stream.truncated) {
      isTooLarge = true;
      await rm(path, { force: true });
      return;
    }
    upload = { path, filename: cleanFilename(filename), size, ext: '', contentType: '' };
  };
  let fields: Record<string, string>;
  try {
    fields = await readMultipart(request, config, {
      limits: { fileSize: HISTORY_FILE_MAX_BYTES, files: 1, fields: 10, fieldSize: 262_144 },
      onFile: parkFile,
      tooManyParts: () => validationFailed('file', ValidationKey.invalidValue, 'One file per request.'),
    });
  } catch (error) {
    await discardUpload(upload);
    throw error;
  }
  if (isTooLarge) {
    await discardUpload(upload);
    throw fileTooLarge();
  }
  return { fields, upload };
}

/** Judges the parked file by its bytes; refuses (and removes) anything that is not an accepted type and name. */
export async function checkUploadType(upload: ParkedUpload): Promise<ParkedUpload> {
  const detected = await fileTypeFromFile(upload.path).catch(() => undefined);
  const accepted = detected ? ACCEPTED[detected.ext] : undefined;
  const ending = upload.filename.includes('.') ? upload.filename.split('.').pop()?.toLowerCase() : undefined;
  if (!detected || !accepted || !ending || !accepted.endings.includes(ending) || upload.size === 0) {
    await discardUpload(upload);
    throw wrongType();
  }
  return { ...upload, ext: ending === 'jpeg' || ending === 'jpe' ? 'jpg' : ending, contentType: accepted.contentType };
}

export async function discardUpload(upload: ParkedUpload | null): Promise<void> {
  if (upload) await rm(upload.path, { force: true });
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
