import {
  idParamsSchema,
  patientDocumentListSchema,
  patientDocumentSchema,
  patientUploadFormSchema,
} from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { isMultipart } from '../../lib/multipart.js';
import { validationFailed } from '../../plugins/errors.js';
import { discardUpload, readUploadForm } from './history-upload.js';
import { caller, parkingDir, sendFile } from './medical-history.routes.js';
import { listOwnDocuments, openOwnDocument, uploadOwnDocument } from './patient-documents.service.js';

/** Document exchange, the patient's side: signed in with the patient role, only their own documents. */
export function registerPatientDocumentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['patient-documents'];

  api.get('/patient/documents', {
    config: { access: ['patientSelf', 'read'] },
    schema: { tags, response: { 200: patientDocumentListSchema } },
    handler: async (request) => listOwnDocuments(ctx, caller(request)),
  });

  api.get('/patient/documents/:id/file', {
    config: { access: ['patientSelf', 'read'] },
    schema: { tags, params: idParamsSchema },
    handler: async (request, reply) =>
      sendFile(reply, await openOwnDocument(ctx, caller(request), request.params.id), false),
  });

  api.post('/patient/documents', {
    config: { access: ['patientSelf', 'create'] },
    schema: {
      tags,
      description: 'multipart/form-data with one `file` (Word, PDF or image by content, ≤ 20 MiB).',
      multipartBody: patientUploadFormSchema,
      response: { 201: patientDocumentSchema },
    },
    handler: async (request, reply) => {
      if (!isMultipart(request)) throw validationFailed('file', 'error.required');
      const { upload } = await readUploadForm(request, parkingDir(ctx), ctx.config);
      if (!upload) {
        await discardUpload(upload);
        throw validationFailed('file', 'error.required');
      }
      return reply.status(201).send(await uploadOwnDocument(ctx, caller(request), upload));
    },
  });
}
