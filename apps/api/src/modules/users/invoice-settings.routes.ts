import { therapistInvoiceSettingsSchema, therapistInvoiceSettingsViewSchema, userIdParamsSchema } from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requireActor } from '../../plugins/actor.js';
import { getInvoiceSettings, saveInvoiceSettings } from './invoice-settings.service.js';

/** Therapist invoice settings (return address, signature, probatory sessions, patient number, billing approval). */
export function registerInvoiceSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  api.get('/user/:id/invoice-settings', {
    config: { access: ['customerDetail', 'read'] },
    schema: { tags, params: userIdParamsSchema, response: { 200: therapistInvoiceSettingsViewSchema } },
    handler: async (request) => {
      return getInvoiceSettings(ctx, requireActor(request), request.params.id);
    },
  });

  api.put('/user/:id/invoice-settings', {
    config: { access: ['customerDetail', 'edit'] },
    schema: {
      tags,
      params: userIdParamsSchema,
      body: therapistInvoiceSettingsSchema,
      response: { 200: therapistInvoiceSettingsViewSchema },
    },
    handler: async (request) => {
      return saveInvoiceSettings(ctx, requireActor(request), request.params.id, request.body);
    },
  });
}
