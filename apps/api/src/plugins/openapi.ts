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

/** OpenAPI generated from the same zod schemas the routes validate with; served at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Praxia API', version },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'praxia_session' } } },
    },
    transform: transformRouteSchema,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
