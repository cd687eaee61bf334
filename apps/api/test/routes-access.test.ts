import { Role } from '@praxia/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, signIn, type TestApp } from './test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('route access declarations', () => {
  it('every registered API route declares public, signedIn or a permission of the shared matrix', () => {
    const apiRoutes = t.app.routeAccess.filter(
      (route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'),
    );
    expect(apiRoutes.length).toBeGreaterThan(10);
    for (const route of apiRoutes) {
      expect(route.access, `${route.method} ${route.url}`).toBeDefined();
    }
  });

  it('refuses to register an API route that declares nothing', async () => {
    const { buildApp } = await import('../src/app.js');
    const { readConfig } = await import('../src/config.js');
    const app = await buildApp({
      config: { ...readConfig({}), seedDemo: false },
      database: t.database,
      serveWeb: false,
    });
    expect(() => app.get('/api/undeclared', async () => ({}))).toThrow(/declares no access/);
    await app.close();
  });

  it('answers 401 on every signed-in route without a session', async () => {
    const guarded = t.app.routeAccess.filter((route) => route.access !== 'public');
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const url = route.url.replace(/:(\w+)/g, '1');
      const response = await t.app.inject({
        method: route.method as 'GET',
        url,
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('checks a declared permission against the shared matrix: 403 for a role without it', async () => {
    const { buildApp } = await import('../src/app.js');
    const { readConfig } = await import('../src/config.js');
    const app = await buildApp({
      config: { ...readConfig({}), seedDemo: false },
      database: t.database,
      serveWeb: false,
    });
    app.post('/api/probe', { config: { access: ['customer', 'create'] } }, async () => ({ ok: true }));
    await app.ready();
    const therapist = await createUser(t.database, { roles: Role.THERAPIST });
    const admin = await createUser(t.database, { roles: Role.ADMIN });
    const refused = await call(app, await signIn(app, therapist.email), {
      method: 'POST',
      url: '/api/probe',
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ type: 'Forbidden', status: 403 });
    const allowed = await call(app, await signIn(app, admin.email), { method: 'POST', url: '/api/probe', payload: {} });
    expect(allowed.json()).toEqual({ ok: true });
    await app.close();
  });
});
