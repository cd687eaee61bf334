import {
  configRequestSchema,
  configResponseSchema,
  DEFAULT_LANGUAGE,
  errorBodySchema,
  HELP_URL,
  mapSettingsSchema,
  PAGE_SIZES,
  SUPPORT_EMAIL,
  versionRequestSchema,
  versionResponseSchema,
} from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mapTileOrigin } from '../../config.js';
import type { AppContext } from '../../context.js';
import { withUrgentDatabaseAccess } from '../../db/embedded-queue.js';
import { checkDatabase } from './health.repo.js';

const LANGUAGE_NAMES = { de: { de: 'Deutsch', en: 'Englisch' }, en: { de: 'German', en: 'English' } } as const;

export function registerCommonRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['common'];

  api.get('/health', {
    config: { access: 'public' },
    schema: { tags, response: { 200: z.object({ status: z.literal('ok') }), 503: errorBodySchema } },
    // A database that cannot write (read-only, full disk, gone) fails here; the error handler makes that a 503.
    // Urgent: on the embedded database the check goes ahead of waiting requests, or a busy app would look dead.
    handler: async () => {
      await withUrgentDatabaseAccess(() => checkDatabase(ctx));
      return { status: 'ok' as const };
    },
  });

  api.post('/version/v1', {
    config: { access: 'public' },
    schema: { tags, body: versionRequestSchema, response: { 200: versionResponseSchema } },
    handler: async (request) => ({
      version: ctx.config.version,
      refresh: request.body.version !== ctx.config.version,
    }),
  });

  // The profile page's map (issue 9): tiles from MAP_TILE_URL; from another origin only after the visitor agrees.
  api.get('/common/map-settings', {
    config: { access: 'public' },
    schema: { tags, response: { 200: mapSettingsSchema } },
    handler: async () => ({
      tileUrl: ctx.config.mapTileUrl,
      attribution: ctx.config.mapTileAttribution,
      sameOrigin: mapTileOrigin(ctx.config) === null,
    }),
  });

  api.post('/common/config', {
    config: { access: 'public' },
    schema: { tags, body: configRequestSchema, response: { 200: configResponseSchema } },
    handler: async (request) => {
      const names = LANGUAGE_NAMES[request.body.language];
      return {
        languages: [
          { iso: 'de' as const, display: names.de },
          { iso: 'en' as const, display: names.en },
        ],
        defaultLanguage: DEFAULT_LANGUAGE,
        pageSizes: [...PAGE_SIZES],
        helpUrl: HELP_URL,
        supportEmail: SUPPORT_EMAIL,
      };
    },
  });
}
