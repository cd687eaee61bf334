import {
  feeDefaultSchema,
  idParamsSchema,
  patientCreateSchema,
  patientQuerySchema,
  patientRecordCreateSchema,
  patientRecordUpdateSchema,
  patientSchema,
  patientUpdateSchema,
  userDiagnosisSchema,
} from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { requireActor } from '../../plugins/actor.js';
import type { AppModule } from '../app-module.js';
import { registerPatientProfileRoutes } from './patient-profile.routes.js';
import { createPatientRecord, savePatientRecord } from './patient-record.service.js';
import { createPatient, deletePatient, getPatient, updatePatientRecord } from './patients.service.js';

const patientRecordSchema = z.object({
  patient: patientSchema,
  diagnoses: z.array(userDiagnosisSchema),
  feeDefaults: z.array(feeDefaultSchema),
});

/** Patient records (spec people §3 Patient, §4 save order, §7 calls). */
function registerPatientRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['patients'];

  api.post('/user/patient', {
    config: { access: ['patient', 'create'] },
    schema: { tags, body: patientCreateSchema, response: { 201: patientSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await createPatient(ctx, requireActor(request), request.body)),
  });

  api.get('/user/patient/:id', {
    config: { access: ['patient', 'read'] },
    schema: { tags, params: idParamsSchema, querystring: patientQuerySchema, response: { 200: patientSchema } },
    handler: async (request) => getPatient(ctx, requireActor(request), request.params.id, request.query.sessioncounter),
  });

  api.patch('/user/patient/:id', {
    config: { access: ['patient', 'edit'] },
    schema: { tags, params: idParamsSchema, body: patientUpdateSchema, response: { 200: patientSchema } },
    handler: async (request) => updatePatientRecord(ctx, requireActor(request), request.params.id, request.body),
  });

  api.delete('/user/patient/:id', {
    config: { access: ['patient', 'edit'] },
    schema: { tags, params: idParamsSchema },
    handler: async (request, reply) => {
      await deletePatient(ctx, requireActor(request), request.params.id);
      return reply.status(204).send();
    },
  });

  api.post('/user/patient/record', {
    config: { access: ['patient', 'create'] },
    schema: { tags, body: patientRecordCreateSchema, response: { 201: patientRecordSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await createPatientRecord(ctx, requireActor(request), request.body)),
  });

  api.put('/user/patient/:id/record', {
    config: { access: ['patient', 'edit'] },
    schema: { tags, params: idParamsSchema, body: patientRecordUpdateSchema, response: { 200: patientRecordSchema } },
    handler: async (request) => savePatientRecord(ctx, requireActor(request), request.params.id, request.body),
  });
}

export const patientsModule: AppModule = {
  name: 'patients',
  registerRoutes: (api, ctx) => {
    registerPatientRoutes(api, ctx);
    registerPatientProfileRoutes(api, ctx);
  },
};
