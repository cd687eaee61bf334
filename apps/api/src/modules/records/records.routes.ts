import {
  catalogueSearchQuerySchema,
  diagnosisCatalogueSchema,
  feeCatalogueSchema,
  feeDefaultCreateSchema,
  feeDefaultDeleteSchema,
  feeDefaultListSchema,
  feeDefaultSchema,
  feeDefaultSearchSchema,
  idParamsSchema,
  userDiagnosisCreateSchema,
  userDiagnosisListSchema,
  userDiagnosisQuerySchema,
  userDiagnosisSchema,
} from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requireActor } from '../../plugins/actor.js';
import type { AppModule } from '../app-module.js';
import {
  createUserDiagnosis,
  createUserFeeDefault,
  deleteUserDiagnosis,
  deleteUserFeeDefaults,
  getUserDiagnoses,
  searchUserFeeDefaults,
} from './record-calls.service.js';
import { searchDiagnoses, searchFeeItems } from './records.service.js';

/** Diagnoses and fee defaults of patients, and the two catalogues (spec people §3, §7). */
function registerRecordRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['records'];

  api.get('/diagnosis', {
    config: { access: ['diagnosis', 'read'] },
    schema: { tags, querystring: catalogueSearchQuerySchema, response: { 200: diagnosisCatalogueSchema } },
    handler: async (request) => searchDiagnoses(ctx, request.query.searchString),
  });

  api.get('/user-diagnosis', {
    config: { access: ['diagnosis', 'read'] },
    schema: { tags, querystring: userDiagnosisQuerySchema, response: { 200: userDiagnosisListSchema } },
    handler: async (request) => getUserDiagnoses(ctx, requireActor(request), request.query.userId),
  });

  api.post('/user-diagnosis', {
    config: { access: ['diagnosis', 'create'] },
    schema: { tags, body: userDiagnosisCreateSchema, response: { 201: userDiagnosisSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await createUserDiagnosis(ctx, requireActor(request), request.body)),
  });

  api.delete('/user-diagnosis/:id', {
    config: { access: ['diagnosis', 'delete'] },
    schema: { tags, params: idParamsSchema },
    handler: async (request, reply) => {
      await deleteUserDiagnosis(ctx, requireActor(request), request.params.id);
      return reply.status(204).send();
    },
  });

  api.get('/medical-fee-schedule', {
    config: { access: ['patient', 'read'] },
    schema: { tags, querystring: catalogueSearchQuerySchema, response: { 200: feeCatalogueSchema } },
    handler: async (request) => searchFeeItems(ctx, request.query.searchString),
  });

  api.post('/user-medical-fee-schedule/search', {
    config: { access: ['patient', 'read'] },
    schema: { tags, body: feeDefaultSearchSchema, response: { 200: feeDefaultListSchema } },
    handler: async (request) => searchUserFeeDefaults(ctx, requireActor(request), request.body.filter.userId),
  });

  api.post('/user-medical-fee-schedule', {
    config: { access: ['patient', 'edit'] },
    schema: { tags, body: feeDefaultCreateSchema, response: { 201: feeDefaultSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await createUserFeeDefault(ctx, requireActor(request), request.body)),
  });

  api.post('/user-medical-fee-schedule/delete', {
    config: { access: ['patient', 'edit'] },
    schema: { tags, body: feeDefaultDeleteSchema },
    handler: async (request, reply) => {
      await deleteUserFeeDefaults(ctx, requireActor(request), request.body.filter.id);
      return reply.status(204).send();
    },
  });
}

export const recordsModule: AppModule = { name: 'records', registerRoutes: registerRecordRoutes };
