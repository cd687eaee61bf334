import {
  customerCreateSchema,
  customerDeactivateSchema,
  customerListQuerySchema,
  customerListSchema,
  customerSchema,
  customerStatusSchema,
  customerTherapistsSchema,
  customerUpdateFormSchema,
  idParamsSchema,
} from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requireActor } from '../../plugins/actor.js';
import { readCustomerUpdate } from './customer-update.request.js';
import {
  createCustomer,
  getCustomer,
  getCustomerList,
  getCustomerLogo,
  getCustomerTherapists,
  removeCustomer,
  setCustomerDeactivated,
  updateCustomerSettings,
} from './customers.service.js';
import { logoContentType } from './logo.js';

const idParams = idParamsSchema;

export function registerCustomerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['customers'];

  api.get('/customer', {
    config: { access: ['customer', 'read'] },
    schema: { tags, querystring: customerListQuerySchema, response: { 200: customerListSchema } },
    handler: async (request) => getCustomerList(ctx, requireActor(request), request.query.page, request.query.limit),
  });

  api.get('/customer/:id', {
    config: { access: 'signedIn' },
    schema: { tags, params: idParams, response: { 200: customerSchema } },
    handler: async (request) => getCustomer(ctx, requireActor(request), request.params.id),
  });

  api.post('/customer', {
    config: { access: ['customer', 'create'] },
    schema: { tags, body: customerCreateSchema, response: { 201: customerSchema } },
    handler: async (request, reply) => reply.status(201).send(await createCustomer(ctx, request.body)),
  });

  api.patch('/customer/:id', {
    config: { access: ['customerSettings', 'edit'] },
    schema: {
      tags,
      description:
        'multipart/form-data: `__data` (JSON of the whitelisted fields) and `logo` (PNG/JPEG file ≤ 10 MB, or "null" to delete). Plain JSON updates the fields only.',
      params: idParams,
      multipartBody: customerUpdateFormSchema,
      response: { 200: customerSchema },
    },
    handler: async (request) => {
      const { changes, logo } = await readCustomerUpdate(request, ctx.config);
      return updateCustomerSettings(ctx, requireActor(request), request.params.id, changes, logo);
    },
  });

  api.patch('/customer/:id/deactivate', {
    // An owner can still cancel the account after the trial ended.
    config: { access: ['customer', 'edit'], allowWithExpiredTrial: true },
    schema: { tags, params: idParams, body: customerDeactivateSchema, response: { 200: customerStatusSchema } },
    handler: async (request) =>
      setCustomerDeactivated(ctx, requireActor(request), request.params.id, request.body.deactivated),
  });

  api.delete('/customer/:id', {
    config: { access: ['customer', 'delete'] },
    schema: { tags, params: idParams },
    handler: async (request, reply) => {
      await removeCustomer(ctx, requireActor(request), request.params.id);
      return reply.status(204).send();
    },
  });

  api.get('/customer/:id/therapists', {
    config: { access: 'signedIn' },
    schema: { tags, params: idParams, response: { 200: customerTherapistsSchema } },
    handler: async (request) => getCustomerTherapists(ctx, requireActor(request), request.params.id),
  });

  api.get('/customer/:id/logo', {
    config: { access: 'signedIn' },
    schema: { tags, params: idParams },
    handler: async (request, reply) => {
      const logo = await getCustomerLogo(ctx, requireActor(request), request.params.id);
      return reply
        .type(logoContentType(logo.key))
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', `inline; filename="logo-${request.params.id}.${logo.key.split('.').pop()}"`)
        .send(logo.data);
    },
  });
}
