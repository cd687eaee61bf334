import {
  customerUserListSchema,
  customerUserPatchSchema,
  customerUserQuerySchema,
  customerUserSchema,
  idParamsSchema,
  userListQuerySchema,
  userListSchema,
} from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requireActor } from '../../plugins/actor.js';
import { deleteStaffUser, listCustomerUsers, setCustomerUserDeactivated } from './customer-users.service.js';
import { getUserList } from './user-list.service.js';

/** The staff and patient lists and their row actions (spec people §2 User list screen). */
export function registerUserListRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  api.get('/user', {
    config: { access: ['userList', 'read'] },
    schema: { tags, querystring: userListQuerySchema, response: { 200: userListSchema } },
    handler: async (request) => getUserList(ctx, requireActor(request), request.query),
  });

  api.get('/user/customer-user', {
    config: { access: ['userList', 'read'] },
    schema: { tags, querystring: customerUserQuerySchema, response: { 200: customerUserListSchema } },
    handler: async (request) => listCustomerUsers(ctx, requireActor(request), request.query.userIds),
  });

  api.patch('/user/customer-user/:id', {
    config: { access: ['userOthers', 'edit'] },
    schema: { tags, params: idParamsSchema, body: customerUserPatchSchema, response: { 200: customerUserSchema } },
    handler: async (request) =>
      setCustomerUserDeactivated(ctx, requireActor(request), request.params.id, request.body.deactivated),
  });

  api.delete('/user/:id', {
    config: { access: ['userOthers', 'edit'] },
    schema: { tags, params: idParamsSchema },
    handler: async (request, reply) => {
      await deleteStaffUser(ctx, requireActor(request), request.params.id);
      return reply.status(204).send();
    },
  });
}
