import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

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
type RouteSchema = NonNullable<TransformInput['schema']>;

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
  // An address with a guest's and a signed-in caller's route (plugins/caller-routes.ts) is one operation in
  // OpenAPI, which allows one per method and path: the signed-in route's entry names both contracts.
  const guestVariants = new Map<string, RouteSchema>();
  // Derived from the one access declaration, so the document cannot drift from what the server enforces.
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    const caller = (route.constraints as { caller?: string } | undefined)?.caller;
    if (caller === 'guest') {
      guestVariants.set(`${route.method} ${route.url}`, route.schema ?? {});
      route.schema = { ...route.schema, hide: true };
    } else if (caller === 'session') {
      route.schema = { ...route.schema, security: [{}, { session: [] }] };
    } else if (access && access !== 'public') route.schema = { ...route.schema, security: [{ session: [] }] };
  });
  const withGuestVariant = (input: TransformInput): TransformInput => {
    const guest = guestVariants.get(`${input.route.method} ${input.url}`);
    if (!guest || !input.schema) return input;
    const own = input.schema;
    const union = (a: unknown, b: unknown) => (a && b && a !== b ? z.union([a as ZodType, b as ZodType]) : (a ?? b));
    const ownOk = (own.response as Record<number, unknown> | undefined)?.[200];
    const guestOk = (guest.response as Record<number, unknown> | undefined)?.[200];
    return {
      ...input,
      schema: {
        ...own,
        description: `Signed in: ${own.description ?? ''}\nAs a guest (no session cookie): ${guest.description ?? ''}`,
        body: union(own.body, guest.body),
        response: { ...(own.response as object), 200: union(ownOk, guestOk) },
      },
    };
  };
  await app.register(swagger, {
    openapi: {
      info: { title: 'Praxia API', version: options.version },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'praxia_session' } } },
    },
    transform: (input) => transformRouteSchema(withGuestVariant(input)),
  });
  if (options.isDocsEnabled) await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
