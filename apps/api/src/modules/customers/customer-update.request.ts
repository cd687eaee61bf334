import { customerUpdateSchema, LOGO_MAX_BYTES, ValidationKey } from '@praxia/shared';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppConfig } from '../../config.js';
import { drain, isMultipart, readMultipart } from '../../lib/multipart.js';
import { validationError, validationFailed } from '../../plugins/errors.js';
import { type LogoChange, logoTooBig } from './customers.service.js';

export type CustomerUpdateRequest = { changes: z.output<typeof customerUpdateSchema>; logo: LogoChange };

function parseFields(raw: unknown): z.output<typeof customerUpdateSchema> {
  // Fields outside the whitelist are dropped by the schema, never stored.
  const parsed = customerUpdateSchema.safeParse(raw ?? {});
  if (!parsed.success) throw validationError(parsed.error.issues);
  return parsed.data;
}

/**
 * Reads PATCH /customer/{id}: multipart with a `logo` file (or the value null to delete it) and
 * `__data` holding the JSON fields, as the web sends it; plain JSON is accepted for the fields alone.
 */
export async function readCustomerUpdate(request: FastifyRequest, config: AppConfig): Promise<CustomerUpdateRequest> {
  if (!isMultipart(request)) return { changes: parseFields(request.body), logo: { kind: 'none' } };
  let upload: { chunks: Buffer[]; isTooLarge: boolean } | undefined;
  const fields = await readMultipart(request, config, {
    limits: { fileSize: LOGO_MAX_BYTES, files: 1 },
    onFile: async ({ fieldname, stream }) => {
      if (fieldname !== 'logo') return drain(stream);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      upload = { chunks, isTooLarge: stream.truncated };
    },
    tooManyParts: () => validationFailed('logo', ValidationKey.invalidValue, 'One file per request.'),
  });
  let logo: LogoChange = { kind: 'none' };
  if (upload) {
    if (upload.isTooLarge) throw logoTooBig();
    logo = { kind: 'replace', upload: Buffer.concat(upload.chunks) };
  } else if (fields.logo === 'null' || fields.logo === '') {
    logo = { kind: 'delete' };
  }
  let raw: unknown = {};
  if (fields.__data !== undefined) {
    try {
      raw = JSON.parse(fields.__data);
    } catch {
      throw validationError([{ path: ['__data'], message: 'error.invalidValue' }]);
    }
  }
  return { changes: parseFields(raw), logo };
}
