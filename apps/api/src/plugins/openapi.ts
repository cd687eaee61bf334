import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A multipart body the handler reads part by part. It cannot be the route's `body`: Fastify would validate that
     * before the parts are read. Documented in OpenAPI (and so typed for the web) only.
     */
    multipartBody?: ZodType;
  }
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** Shows a route's `multipartBody` in the document as its multipart/form-data request body. */
function transformRouteSchema(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const { multipartBody, ...schema } = input.schema ?? {};
  if (!multipartBody) return jsonSchemaTransform(input);
  const transformed = jsonSchemaTransform({ ...input, schema: { ...schema, body: multipartBody } });
  return { ...transformed, schema: { ...transformed.schema, consumes: ['multipart/form-data'] } };
}

/**
 * OpenAPI generated from the same zod schemas the routes validate with. Every operation whose declared access is
 * not public says it needs the session cookie. The document and its UI are served at /api/docs only where enabled
 * (config.isApiDocsEnabled: outside production, or with API_DOCS=1).
 */
export async function registerOpenApi(
  app: FastifyInstance,
  options: { version: string; isDocsEnabled: boolean },
): Promise<void> {
  // Derived from the one access declaration, so the document cannot drift from what the server enforces.
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (access && access !== 'public') route.schema = { ...route.schema, security: [{ session: [] }] };
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Praxia API', version: options.version },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'praxia_session' } } },
    },
    transform: transformRouteSchema,
  });
  if (options.isDocsEnabled) await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
