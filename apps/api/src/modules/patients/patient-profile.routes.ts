import { patientProfileSchema, patientProfileUpdateSchema } from '@praxia/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requireActor } from '../../plugins/actor.js';
import { getOwnProfile, type ProfileCaller, updateOwnProfile } from './patient-profile.service.js';

const caller = (request: FastifyRequest): ProfileCaller => ({
  actor: requireActor(request),
  requestId: String(request.id),
});

/** The patient's own contact data (spec people §2 profile edit: a client sees the patient form); staff get 403. */
export function registerPatientProfileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['patient-profile'];

  api.get('/patient/profile', {
    config: { access: ['patientSelf', 'read'] },
    schema: { tags, response: { 200: patientProfileSchema } },
    handler: async (request) => getOwnProfile(ctx, caller(request)),
  });

  api.patch('/patient/profile', {
    config: { access: ['patientSelf', 'edit'] },
    schema: {
      tags,
      description: 'Only the contact fields; any other field (patient number, notes, e-mail) is refused with a 422.',
      body: patientProfileUpdateSchema,
      response: { 200: patientProfileSchema },
    },
    handler: async (request) => updateOwnProfile(ctx, caller(request), request.body),
  });
}
