import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { Busboy, type BusboyFileStream, type BusboyInstance } from '@fastify/busboy';
import { ErrorCode } from '@praxia/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.js';
import { AppError } from '../plugins/errors.js';

/** One file of a multipart body as it arrives; `stream.truncated` is set when it went over the size limit. */
export type FilePart = { fieldname: string; filename: string; mimeType: string; stream: BusboyFileStream };

export type MultipartOptions = {
  limits: {
    /** Bytes per file; the rest of a longer file is dropped and its stream marked `truncated`. */
    fileSize: number;
    files: number;
    fields?: number;
    fieldSize?: number;
    parts?: number;
  };
  /**
   * Takes one file: it must read the stream to its end, and remove whatever it made when the stream fails (the
   * reader destroys it when the request fails). The reader settles only after every onFile has.
   */
  onFile: (part: FilePart) => Promise<void>;
  /** The answer to more files, fields or parts than the limits allow. */
  tooManyParts: () => AppError;
};

const multipartRequests = new WeakSet<FastifyRequest>();

/**
 * multipart/form-data bodies are left unread by Fastify: the route reads them with readMultipart, after it has
 * checked who is asking. An answer sent before a request's body has fully arrived closes the connection, so Node
 * does not go on reading (or waiting for) a body nobody wants.
 */
export function registerMultipart(app: FastifyInstance): void {
  app.addContentTypeParser('multipart/form-data', (request, _payload, done) => {
    multipartRequests.add(request);
    done(null);
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.raw.complete === false) reply.header('connection', 'close');
  });
}

export const isMultipart = (request: FastifyRequest): boolean => multipartRequests.has(request);

export const malformedUpload = (detail = 'The upload is not complete multipart/form-data.') =>
  new AppError(ErrorCode.uploadMalformed, { status: 400, detail });

const uploadTimedOut = (detail: string) => new AppError(ErrorCode.requestTimeout, { status: 408, detail });

/** Reads a stream to its end without keeping it (a part nobody wants); rejects when the stream fails. */
export async function drain(stream: Readable): Promise<void> {
  stream.resume();
  await finished(stream);
}

/**
 * Reads a multipart body straight from the socket: resolves its text fields once every part has arrived and every
 * file has been taken by `onFile`. A body that is malformed or ends early is answered 400, a client that goes quiet
 * for `uploadIdleTimeoutMs` or takes longer than `uploadTimeoutMs` 408; on any failure the file streams are destroyed
 * and the reader rejects only after each onFile has cleaned up, so no parked file or descriptor outlives the request.
 */
export function readMultipart(
  request: FastifyRequest,
  config: Pick<AppConfig, 'uploadIdleTimeoutMs' | 'uploadTimeoutMs'>,
  options: MultipartOptions,
): Promise<Record<string, string>> {
  const raw = request.raw;
  if (raw.destroyed) {
    return Promise.reject(malformedUpload('The client closed the connection during the upload.'));
  }
  return new Promise((resolve, reject) => {
    let busboy: BusboyInstance;
    try {
      busboy = Busboy({
        headers: request.headers as Parameters<typeof Busboy>[0]['headers'],
        limits: { fields: 20, fieldSize: 1_048_576, parts: 100, ...options.limits },
      });
    } catch {
      // No boundary in the content type: nothing of the body can be read.
      reject(malformedUpload());
      return;
    }
    const fields: Record<string, string> = {};
    const openFiles = new Set<BusboyFileStream>();
    const consumers: Promise<void>[] = [];
    let isSettled = false;

    const stopListening = () => {
      clearTimeout(idleTimer);
      clearTimeout(deadline);
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('close', onClose);
      raw.off('error', onAborted);
    };
    const fail = (error: unknown) => {
      if (isSettled) return;
      isSettled = true;
      stopListening();
      raw.unpipe(busboy);
      for (const file of openFiles) file.destroy(error instanceof Error ? error : undefined);
      void Promise.allSettled(consumers).then(() => reject(error));
    };

    // The client's silence, not ours: while the parser holds the socket back (a file being written) the timer waits.
    const onIdle = () => {
      if (raw.readableFlowing === false && !raw.destroyed) idleTimer.refresh();
      else fail(uploadTimedOut(`No data arrived for ${config.uploadIdleTimeoutMs / 1000} s.`));
    };
    const idleTimer = setTimeout(onIdle, config.uploadIdleTimeoutMs);
    const deadline = setTimeout(
      () => fail(uploadTimedOut(`The upload took longer than ${config.uploadTimeoutMs / 1000} s.`)),
      config.uploadTimeoutMs,
    );
    const onData = () => idleTimer.refresh();
    const onEnd = () => clearTimeout(idleTimer);
    const onAborted = () => fail(malformedUpload('The client closed the connection during the upload.'));
    // Closed before its end was read: the client went away (or the socket broke) mid-body.
    const onClose = () => {
      if (!raw.readableEnded) onAborted();
    };
    raw.on('data', onData);
    raw.on('end', onEnd);
    raw.on('close', onClose);
    raw.on('error', onAborted);

    busboy.on('field', (name, value) => {
      if (!(name in Object.prototype)) fields[name] = value;
    });
    busboy.on('file', (fieldname, stream, filename, _encoding, mimeType) => {
      // A parse error is also emitted on the file; failing the request is the busboy 'error' listener's work.
      stream.on('error', () => {});
      if (isSettled) {
        stream.resume();
        return;
      }
      openFiles.add(stream);
      stream.once('close', () => openFiles.delete(stream));
      stream.once('end', () => openFiles.delete(stream));
      const consumer = Promise.resolve()
        .then(() => options.onFile({ fieldname, filename, mimeType, stream }))
        .catch(fail);
      consumers.push(consumer);
    });
    const onTooMany = () => fail(options.tooManyParts());
    busboy.on('filesLimit', onTooMany);
    busboy.on('fieldsLimit', onTooMany);
    busboy.on('partsLimit', onTooMany);
    // 'Unexpected end of multipart data' (cut off, or no boundary ever found), a broken part header, …
    busboy.on('error', () => fail(malformedUpload()));
    busboy.on('finish', () => {
      if (isSettled) return;
      clearTimeout(idleTimer);
      void Promise.all(consumers).then(() => {
        if (isSettled) return;
        isSettled = true;
        stopListening();
        resolve(fields);
      });
    });
    raw.pipe(busboy);
  });
}

/**
 * Reads the body's one file into memory (small files only: an image, a bank statement); undefined when none came.
 * `isTooLarge` says the file went over `fileSize` (its rest was dropped).
 */
export async function readOneFile(
  request: FastifyRequest,
  config: Pick<AppConfig, 'uploadIdleTimeoutMs' | 'uploadTimeoutMs'>,
  options: { fileSize: number; tooManyParts: () => AppError },
): Promise<{ data: Buffer; isTooLarge: boolean } | undefined> {
  let upload: { chunks: Buffer[]; isTooLarge: boolean } | undefined;
  await readMultipart(request, config, {
    limits: { fileSize: options.fileSize, files: 1 },
    onFile: async ({ stream }) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      upload = { chunks, isTooLarge: stream.truncated };
    },
    tooManyParts: options.tooManyParts,
  });
  return upload && { data: Buffer.concat(upload.chunks), isTooLarge: upload.isTooLarge };
}
