import { countryListSchema } from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listCountries } from './countries.service.js';

export function registerCountryRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The same list for every signed-in user; the browser may keep it for a day.
  api.get('/common/countries', {
    config: { access: 'signedIn', allowWithExpiredTrial: true },
    schema: { tags: ['common'], response: { 200: countryListSchema } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'private, max-age=86400');
      return { list: listCountries() };
    },
  });
}
