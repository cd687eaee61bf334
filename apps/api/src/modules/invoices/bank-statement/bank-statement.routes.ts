import {
  BANK_STATEMENT_MAX_BYTES,
  bankEntryAssignSchema,
  bankEntryListSchema,
  bankEntryParamsSchema,
  bankEntrySchema,
  bankStatementImportSchema,
  ErrorCode,
  ValidationKey,
} from '@praxia/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../../config.js';
import type { AppContext } from '../../../context.js';
import { contentDisposition } from '../../../lib/content-disposition.js';
import { isMultipart, readOneFile } from '../../../lib/multipart.js';
import { requireActor } from '../../../plugins/actor.js';
import { AppError, validationFailed } from '../../../plugins/errors.js';
import {
  assignBankEntry,
  getSampleStatement,
  getUnassignedEntries,
  importBankStatement,
} from './bank-import.service.js';

const statementUploadSchema = z.object({
  file: z.file().describe(`CAMT.053 or CAMT.054 XML, at most ${BANK_STATEMENT_MAX_BYTES} bytes`),
});

const fileMissing = () =>
  new AppError(ErrorCode.validationFailed, {
    status: 422,
    detail: 'Bitte wählen Sie einen Kontoauszug (CAMT.053) aus.',
    fields: { file: ['error.required'] },
  });

/** Reads the statement, the body's one file; the size limit is enforced while the bytes arrive. */
async function readStatementUpload(request: FastifyRequest, config: AppConfig): Promise<string> {
  if (!isMultipart(request)) throw fileMissing();
  const upload = await readOneFile(request, config, {
    fileSize: BANK_STATEMENT_MAX_BYTES,
    tooManyParts: () => validationFailed('file', ValidationKey.invalidValue, 'Ein Kontoauszug je Import.'),
  });
  if (!upload) throw fileMissing();
  if (upload.isTooLarge) {
    throw new AppError(ErrorCode.bankStatementTooLarge, {
      status: 422,
      detail: 'Der Kontoauszug ist zu groß (höchstens 5 MB).',
    });
  }
  // ISO 20022 messages are UTF-8.
  return upload.data.toString('utf8');
}

/** Bank statement import (CAMT.053/054): matching credits to open invoices, and assigning the rest by hand. */
export function registerBankStatementRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['invoices'];

  // Whoever may mark invoices paid may import the statement that pays them.
  api.post('/invoice/bank-statement', {
    config: { access: ['invoice', 'edit'] },
    schema: {
      tags,
      description:
        'multipart/form-data with `file`: a CAMT.053 statement (or CAMT.054). Credits naming an open invoice with its open amount pay it; the rest are listed to assign. The same statement again changes nothing.',
      multipartBody: statementUploadSchema,
      response: { 200: bankStatementImportSchema },
    },
    handler: async (request) => {
      const actor = requireActor(request);
      return importBankStatement(ctx, actor, await readStatementUpload(request, ctx.config));
    },
  });

  api.get('/invoice/bank-statement/entries', {
    config: { access: ['invoice', 'edit'] },
    schema: {
      tags,
      description: 'Credits still to be assigned, with suggestions.',
      response: { 200: bankEntryListSchema },
    },
    handler: async (request) => getUnassignedEntries(ctx, requireActor(request)),
  });

  api.get('/invoice/bank-statement/sample', {
    config: { access: ['invoice', 'edit'] },
    schema: { tags, description: "A demo practice's sample CAMT.053 statement paying two of its open invoices." },
    handler: async (request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', contentDisposition('attachment', 'Kontoauszug-Demo.xml'))
        .send(await getSampleStatement(ctx, requireActor(request))),
  });

  api.post('/invoice/bank-statement/entries/:id/assign', {
    config: { access: ['invoice', 'edit'] },
    schema: { tags, params: bankEntryParamsSchema, body: bankEntryAssignSchema, response: { 200: bankEntrySchema } },
    handler: async (request) => assignBankEntry(ctx, requireActor(request), request.params.id, request.body.invoiceId),
  });
}
