import { VIDEO_SIGNAL_PATH } from '@praxia/shared/video/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config.js';
import { createTestApp, type TestApp } from '../test-app.js';

type Operation = { security?: unknown; description?: string; responses?: Record<string, unknown> };
type Document = { paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let document: Document;
beforeAll(async () => {
  t = await createTestApp();
  document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(() => t.close());

const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document says which operations need a session', () => {
  it('every route that is not public declares the session cookie, every public one declares nothing', () => {
    // OpenAPI cannot describe a WebSocket: the signalling protocol is written down in @praxia/shared/video/protocol.
    const routes = t.app.routeAccess.filter(
      (route) =>
        route.url.startsWith('/api/') &&
        !route.url.startsWith('/api/docs') &&
        route.method !== 'HEAD' &&
        route.url !== VIDEO_SIGNAL_PATH,
    );
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const operation = document.paths[toOpenApiPath(route.url)]?.[route.method.toLowerCase()];
      const label = `${route.method} ${route.url}`;
      expect(operation, label).toBeDefined();
      // A guest's and a signed-in caller's route behind one address share the operation: the cookie is optional.
      if (route.caller) expect(operation?.security, label).toEqual([{}, { session: [] }]);
      else if (route.access === 'public') expect(operation?.security, label).toBeUndefined();
      else expect(operation?.security, label).toEqual([{ session: [] }]);
    }
    // Spot checks of the walk above, by name.
    expect(document.paths['/api/user/current']?.get?.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/user/login/credentials']?.post?.security).toBeUndefined();
  });

  it('shows both contracts of an address that carries two: the guest’s and the signed-in caller’s', () => {
    const operation = document.paths['/api/user/{id}']?.get;
    expect(operation?.description).toMatch(
      /^Signed in: A patient record .*\nAs a guest \(no session cookie\): A listed therapist/s,
    );
    const answer = JSON.stringify(operation?.responses?.['200']);
    for (const field of ['patientNumber', 'coverageTypes']) expect(answer).toContain(field);
  });
});

describe('/api/docs in production', () => {
  const productionEnv = { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', ALLOW_EMBEDDED_DATABASE: '1' };
  const docsStatus = async (env: Record<string, string>) => {
    const { isProduction, isApiDocsEnabled, paymentProvider, allowEmbeddedDatabase } = readConfig(env);
    const production = await createTestApp({
      config: { isProduction, isApiDocsEnabled, paymentProvider, allowEmbeddedDatabase },
    });
    try {
      return (await production.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode;
    } finally {
      await production.close();
    }
  };

  // Two more apps, each migrating its own database.
  it('is off unless API_DOCS enables it', { timeout: 120_000 }, async () => {
    expect(await docsStatus(productionEnv)).toBe(404);
    expect(await docsStatus({ ...productionEnv, API_DOCS: '1' })).toBe(200);
  });
});
