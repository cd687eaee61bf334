import { customerUpdateSchema } from '@praxia/shared';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { validationError } from '../../plugins/errors.js';
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
export async function readCustomerUpdate(request: FastifyRequest): Promise<CustomerUpdateRequest> {
  if (!request.isMultipart()) return { changes: parseFields(request.body), logo: { kind: 'none' } };
  let raw: unknown = {};
  let logo: LogoChange = { kind: 'none' };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'logo') {
        await part.toBuffer().catch(() => undefined);
        continue;
      }
      try {
        logo = { kind: 'replace', upload: await part.toBuffer() };
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw logoTooBig();
        throw error;
      }
    } else if (part.fieldname === 'logo' && (part.value === 'null' || part.value === '')) {
      logo = { kind: 'delete' };
    } else if (part.fieldname === '__data') {
      try {
        raw = JSON.parse(String(part.value));
      } catch {
        throw validationError([{ path: ['__data'], message: 'error.invalidValue' }]);
      }
    }
  }
  return { changes: parseFields(raw), logo };
}
