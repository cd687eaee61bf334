import { join } from 'node:path';
import {
  historyCreatedSchema,
  historyCreateFormSchema,
  historyFileParamsSchema,
  historyFileQuerySchema,
  historyListSchema,
  historyNoteCreateSchema,
  historySaveSchema,
  historySearchSchema,
  historyShareSchema,
  idField,
  idParamsSchema,
} from '@praxia/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { contentDisposition } from '../../lib/content-disposition.js';
import { isMultipart } from '../../lib/multipart.js';
import { requireActor } from '../../plugins/actor.js';
import { validationError, validationFailed } from '../../plugins/errors.js';
import { recordAuditFailure } from '../audit/index.js';
import { isInlineSafe } from './history-files.js';
import { discardUpload, readUploadForm } from './history-upload.js';
import {
  type Caller,
  createHistoryFile,
  createHistoryNote,
  type OpenedFile,
  openHistoryFile,
  saveHistory,
  searchHistory,
  shareHistoryDocument,
} from './medical-history.service.js';

export const caller = (request: FastifyRequest): Caller => ({
  actor: requireActor(request),
  requestId: String(request.id),
});

/** Where uploads wait for their checks: inside the data directory, outside the storage and the web root. */
export const parkingDir = (ctx: AppContext) => join(ctx.config.dataDir, 'upload-parking');

/** Sends a stored file as an attachment (or inline for PDF and images when asked), never sniffed by the browser. */
export function sendFile(reply: FastifyReply, file: OpenedFile, isInline: boolean) {
  const inline = isInline && isInlineSafe(file.contentType);
  return reply
    .type(file.contentType ?? 'application/octet-stream')
    .header('content-length', String(file.size))
    .header('cache-control', 'private, no-store')
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.filename))
    .send(file.stream);
}

export function registerMedicalHistoryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['medical-history'];

  api.post('/user-medical-history/search', {
    config: { access: ['medicalHistory', 'read'] },
    schema: { tags, body: historySearchSchema, response: { 200: historyListSchema } },
    handler: async (request) => {
      const { clientId, state } = request.body.filter;
      return searchHistory(ctx, caller(request), clientId[0] as number, state);
    },
  });

  api.post('/user-medical-history', {
    config: { access: ['medicalHistory', 'create'] },
    schema: {
      tags,
      description:
        'multipart/form-data: `clientId` and either `note` or one `file` (Word, PDF or image by content, ≤ 20 MiB); one request per note and per file. 422 validationMessages.file[0]: `limit reached:<free bytes>`, `maxsize:<bytes>` or `error.fileType`.',
      multipartBody: historyCreateFormSchema,
      response: { 201: historyCreatedSchema },
    },
    handler: async (request, reply) => {
      const who = caller(request);
      if (!isMultipart(request)) {
        const parsed = historyNoteCreateSchema.safeParse(request.body);
        if (!parsed.success) throw validationError(parsed.error.issues);
        return reply.status(201).send(await createHistoryNote(ctx, who, parsed.data.clientId, parsed.data.note));
      }
      const reading = readUploadForm(request, parkingDir(ctx), ctx.config);
      const { fields, upload } = await reading.catch(async (error: unknown) => {
        // Refused while reading (too large, several files, cut off, stalled): the patient is not known yet, the
        // attempt still counts.
        const event = { actor: who.actor, customerId: who.actor.practiceId, patientId: null, requestId: who.requestId };
        await recordAuditFailure(ctx, { ...event, action: 'create', resource: 'document' }, error);
        throw error;
      });
      const clientId = idField.safeParse(fields.clientId);
      if (!clientId.success) {
        await discardUpload(upload);
        throw validationFailed('clientId', 'error.required');
      }
      if (upload) {
        if (fields.note) {
          await discardUpload(upload);
          throw validationFailed('note', 'error.invalidValue', 'Either a note or a file.');
        }
        return reply.status(201).send(await createHistoryFile(ctx, who, clientId.data, upload));
      }
      const note = historyNoteCreateSchema.safeParse({ clientId: clientId.data, note: fields.note ?? '' });
      if (!note.success) throw validationError(note.error.issues);
      return reply.status(201).send(await createHistoryNote(ctx, who, note.data.clientId, note.data.note));
    },
  });

  api.post('/user-medical-history/save', {
    config: { access: ['medicalHistory', 'edit'] },
    schema: { tags, body: historySaveSchema },
    handler: async (request, reply) => {
      await saveHistory(ctx, caller(request), request.body);
      return reply.status(204).send();
    },
  });

  api.post('/user-medical-history/:id/share', {
    config: { access: ['medicalHistory', 'edit'] },
    schema: { tags, params: idParamsSchema, body: historyShareSchema },
    handler: async (request, reply) => {
      await shareHistoryDocument(ctx, caller(request), request.params.id, request.body.shared);
      return reply.status(204).send();
    },
  });

  api.get('/user-medical-history/:id/file/:filename', {
    config: { access: ['medicalHistory', 'read'] },
    schema: { tags, params: historyFileParamsSchema, querystring: historyFileQuerySchema },
    handler: async (request, reply) => {
      const file = await openHistoryFile(ctx, caller(request), request.params.id, request.params.filename);
      return sendFile(reply, file, request.query.inline === '1');
    },
  });
}
