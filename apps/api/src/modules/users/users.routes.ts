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
import { AppError } from '../../plugins/errors.js';
import { emailChangeLimit } from '../../plugins/rate-limits.js';
import { recordUserProbe } from '../audit/index.js';
import { createStaffUser, getStaffUser, patchUser } from './staff-users.service.js';
import { getVisibleUser } from './users.service.js';

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];
  const limitEmailChange = emailChangeLimit(app, ctx.rateLimits);

  api.get('/user/current', {
    config: { access: 'signedIn', allowWithExpiredTrial: true, allowWithoutSecondFactor: true },
    schema: { tags, response: { 200: userSchema } },
    handler: async (request) => {
      const actor = requireActor(request);
      const user = await getVisibleUser(ctx, actor, actor.userId);
      return {
        ...user,
        expireAt: actor.idleExpiresAt.toISOString(),
        mustEnrolSecondFactor: actor.isSecondFactorMissing,
      };
    },
  });

  // One address, two contracts (plugins/caller-routes.ts): the guest's public profile is booking's
  // (public-profile.routes.ts).
  // Signed in: a patient's record (spec people §7: with the session count for a therapist) for those who treat them;
  // else the full user for the user form: oneself, admins, and owners and assistants for users of their practice.
  // An ended session answers 401, so the staff app shows its inactivity message.
  api.get('/user/:id', {
    constraints: { caller: 'session' },
    config: { access: 'signedIn', allowWithExpiredTrial: true },
    schema: {
      tags,
      description: 'A patient record for those who treat the patient, else the user for the user form.',
      params: userIdParamsSchema,
      querystring: patientQuerySchema,
      response: { 200: z.union([staffUserSchema, patientSchema]) },
    },
    handler: async (request) => {
      const actor = requireActor(request);
      const { id } = request.params;
      if (id !== actor.userId) {
        const patient = await ctx.patientRecords.getPatientForUserRoute(ctx, actor, id, request.query.sessioncounter);
        if (patient) return patient;
      }
      return getStaffUser(ctx, actor, id).catch(async (error: unknown) => {
        // The same trace as a patient of another practice (getPatientForUserRoute): nothing tells them apart.
        if (error instanceof AppError && error.status === 404) await recordUserProbe(ctx, actor, id);
        throw error;
      });
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
