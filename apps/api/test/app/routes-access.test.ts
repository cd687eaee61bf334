import { PERMISSIONS, Role } from '@praxia/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actAsSameOriginPage, call, createTestApp, createUser, signIn, type TestApp } from '../test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('route access declarations', () => {
  it('every API route declares an access the shared matrix knows, and only the intended routes are public', () => {
    const apiRoutes = t.app.routeAccess.filter(
      (route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && route.method !== 'HEAD',
    );
    for (const route of apiRoutes) {
      const { access } = route;
      if (access === 'public' || access === 'signedIn') continue;
      const [resource, privilege] = access;
      expect(
        (PERMISSIONS[resource] as Partial<Record<string, number>>)[privilege],
        `${route.method} ${route.url}: ${resource}/${privilege}`,
      ).toBeDefined();
    }
    // A route that becomes public by mistake exposes data to anyone: new public routes are added here on purpose.
    const publicRoutes = apiRoutes.filter((route) => route.access === 'public').map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.sort()).toEqual(
      [
        'GET /api/health',
        'POST /api/version/v1',
        'POST /api/common/config',
        'POST /api/user/login/credentials',
        'POST /api/user/login/pin',
        'POST /api/user/login/passkey/options',
        'POST /api/user/login/passkey',
        'GET /api/user/logout',
        'POST /api/user/password/reset',
        'PATCH /api/user/password/:token',
        'POST /api/security-token/search',
        'POST /api/user/change-email',
        'GET /api/user/confirm-registration/:token',
        'POST /api/customer/therapist',
        'GET /api/payment/sandbox/:id',
        'POST /api/payment/sandbox/:id',
        'POST /api/payment/sandbox/subscription/:id/charge',
        'GET /api/dev/mail',
        'POST /api/payment/webhook',
        'GET /api/appointment/cancel/:securityToken',
        'PATCH /api/appointment/cancel/:securityToken',
        'GET /api/calendar-feed/:file',
        'GET /api/user/searchPostalCode',
        'GET /api/appointment/widget',
        // The widget's guest, without a session cookie; staff book behind the same path with theirs (appointment edit).
        'PATCH /api/appointment/:id/book',
        'POST /api/appointment/waiting-list',
        'DELETE /api/appointment/waiting-list/:token',
        'GET /api/user/:id',
        'GET /api/user/:id/avatar',
        'GET /api/common/map-settings',
        // The video page: the token in the body or the first WebSocket message is the authentication (issue 10).
        'POST /api/video/session',
        'GET /api/video/signal',
        // The patient's invoice download: the link's token and the SMS code are the authentication (issue 11).
        'GET /api/invoice-delivery/:token',
        'POST /api/invoice-delivery/:token/code',
        'POST /api/invoice-delivery/:token/download',
        'GET /api/dev/sms',
      ].sort(),
    );
  });

  it('refuses to register an API route that declares nothing', async () => {
    const { buildApp } = await import('../../src/app.js');
    const { readConfig } = await import('../../src/config.js');
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
        // A signed-in caller's route behind a guest's address is reached with a session cookie (here an ended one).
        ...(route.caller === 'session' && { headers: { cookie: 'praxia_session=ended' } }),
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('checks a declared permission against the shared matrix: 403 for a role without it', async () => {
    const { buildApp } = await import('../../src/app.js');
    const { readConfig } = await import('../../src/config.js');
    const app = await buildApp({
      config: { ...readConfig({}), seedDemo: false },
      database: t.database,
      serveWeb: false,
    });
    app.post('/api/probe', { config: { access: ['customer', 'create'] } }, async () => ({ ok: true }));
    actAsSameOriginPage(app);
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
