import { Role } from '@praxia/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, PASSWORD, type TestApp } from '../test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health, version, config', () => {
  it('GET /api/health answers ok once migrated', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('POST /api/version/v1 asks for a refresh only when the client version differs', async () => {
    const same = await t.app.inject({ method: 'POST', url: '/api/version/v1', payload: { version: '0.1.0' } });
    expect(same.json()).toEqual({ version: '0.1.0', refresh: false });
    const old = await t.app.inject({ method: 'POST', url: '/api/version/v1', payload: { version: '0.0.9' } });
    expect(old.json().refresh).toBe(true);
  });

  it('POST /api/common/config lists the languages, named in the requested language', async () => {
    const de = await t.app.inject({ method: 'POST', url: '/api/common/config', payload: { language: 'de' } });
    expect(de.json().languages).toEqual([
      { iso: 'de', display: 'Deutsch' },
      { iso: 'en', display: 'Englisch' },
    ]);
    const en = await t.app.inject({ method: 'POST', url: '/api/common/config', payload: { language: 'en' } });
    expect(en.json().languages[1]).toEqual({ iso: 'en', display: 'English' });
  });

  it('serves the OpenAPI document with the account routes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/user/login/credentials',
        '/api/user/login/pin',
        '/api/customer/therapist',
        '/api/user/password/{token}',
      ]),
    );
  });
});

describe('request safety', () => {
  it('refuses a state-changing request from another origin', async () => {
    const user = await createUser(t.database, { roles: Role.THERAPIST });
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/user/login/credentials',
      headers: { origin: 'https://evil.example.com' },
      payload: { email: user.email, password: PASSWORD },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().code).toBe('error.crossSiteRefused');
    const fetchMetadata = await t.app.inject({
      method: 'POST',
      url: '/api/user/login/credentials',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { email: user.email, password: PASSWORD },
    });
    expect(fetchMetadata.statusCode).toBe(403);
    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/user/login/credentials',
      headers: { origin: 'http://praxia.test', 'sec-fetch-site': 'same-origin' },
      payload: { email: user.email, password: PASSWORD },
    });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it.each([
    ['application/x-www-form-urlencoded', 'email=a%40b.de'],
    ['text/plain', '{"email":"a@b.de"}'],
  ])('refuses %s bodies: only JSON or multipart', async (contentType, payload) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/password/reset',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ status: 415 });
  });

  it('sends security headers and answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ type: 'Entity Missing', status: 404, code: 'error.notFound' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('answers malformed JSON with 400 in the error shape, never a stack', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/login/credentials',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, title: 'Bad Request' });
    expect(response.body).not.toContain('at ');
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts per account', async () => {
    const limited = await createTestApp({ rateLimitScale: 1 });
    try {
      const user = await createUser(limited.database, { roles: Role.THERAPIST });
      const statuses: number[] = [];
      const codes: string[] = [];
      for (let attempt = 0; attempt < 11; attempt++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/user/login/credentials',
          payload: { email: user.email, password: 'Falsch-Passwort-1!' },
        });
        statuses.push(response.statusCode);
        codes.push(response.json().code);
      }
      expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
      expect(codes[10]).toBe('error.tooManyRequests');
      // Another account from the same address is still served.
      const other = await createUser(limited.database, { roles: Role.THERAPIST });
      const response = await limited.app.inject({
        method: 'POST',
        url: '/api/user/login/credentials',
        payload: { email: other.email, password: PASSWORD },
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits password reset requests per address', async () => {
    const limited = await createTestApp({ rateLimitScale: 1 });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/user/password/reset',
          payload: { email: 'someone@test.example.org' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([204, 204, 204, 204, 204, 429]);
    } finally {
      await limited.close();
    }
  });
});
