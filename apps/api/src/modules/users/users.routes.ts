import {
  patientQuerySchema,
  patientSchema,
  staffUserCreateSchema,
  staffUserSchema,
  userIdParamsSchema,
  userPatchSchema,
  userSchema,
} from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { requireActor } from '../../plugins/actor.js';
import { emailChangeLimit } from '../../plugins/rate-limits.js';
import { getPatientForUserRoute } from '../patients/patients.service.js';
import { createStaffUser, getStaffUser, patchUser } from './staff-users.service.js';
import { getVisibleUser } from './users.service.js';

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];
  const limitEmailChange = emailChangeLimit(app, ctx.rateLimits);

  api.get('/user/current', {
    config: { access: 'signedIn', allowWithExpiredTrial: true },
    schema: { tags, response: { 200: userSchema } },
    handler: async (request) => {
      const actor = requireActor(request);
      const user = await getVisibleUser(ctx, actor, actor.userId);
      return { ...user, expireAt: actor.idleExpiresAt.toISOString() };
    },
  });

  api.get('/user/:id', {
    config: { access: 'signedIn', allowWithExpiredTrial: true },
    schema: {
      tags,
      params: userIdParamsSchema,
      querystring: patientQuerySchema,
      response: { 200: z.union([staffUserSchema, patientSchema]) },
    },
    // A patient's record (spec people §7: with the session count for a therapist) for those who treat them; else the
    // full user for the user form: oneself, admins, and owners and assistants for users of their practice.
    handler: async (request) => {
      const actor = requireActor(request);
      const { id } = request.params;
      if (id !== actor.userId) {
        const patient = await getPatientForUserRoute(ctx, actor, id, request.query.sessioncounter);
        if (patient) return patient;
      }
      return getStaffUser(ctx, actor, id);
    },
  });

  api.post('/user', {
    config: { access: ['userCreate', 'create'] },
    schema: { tags, body: staffUserCreateSchema, response: { 201: staffUserSchema } },
    handler: async (request, reply) => {
      const created = await createStaffUser(ctx, requireActor(request), request.body);
      return reply.status(201).send(created);
    },
  });

  api.patch('/user/:id', {
    config: { access: ['user', 'edit'] },
    schema: { tags, params: userIdParamsSchema, body: userPatchSchema, response: { 200: staffUserSchema } },
    handler: async (request) => {
      const actor = requireActor(request);
      return patchUser(ctx, actor, request.params.id, request.body, {
        beforeEmailChange: () => limitEmailChange(request),
      });
    },
  });
}
