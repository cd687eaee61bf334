import { Role } from '@praxia/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createPractice, createTestApp, createUser, PASSWORD, signIn, type TestApp } from '../test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A sign-in as another site, an old client or our own page would send it; only the given headers are sent. */
const signInWith = async (headers: Record<string, string | undefined>) => {
  const user = await createUser(t.database, { roles: Role.THERAPIST });
  return t.app.inject({
    method: 'POST',
    url: '/api/user/login/credentials',
    // undefined removes the test helper's default same-origin header.
    headers: { 'sec-fetch-site': undefined, ...headers },
    payload: { email: user.email, password: PASSWORD },
  });
};

describe('state-changing requests must show they come from our own page', () => {
  it('refuses a request with neither Origin nor Sec-Fetch-Site', async () => {
    const response = await signInWith({});
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('error.crossSiteRefused');
  });

  it('refuses a cross-site request, by Sec-Fetch-Site or by Origin', async () => {
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example.com' }]) {
      const response = await signInWith(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json().code).toBe('error.crossSiteRefused');
    }
  });

  it('serves a same-origin request, by Sec-Fetch-Site or by Origin', async () => {
    for (const headers of [{ 'sec-fetch-site': 'same-origin' }, { origin: 'http://praxia.test' }]) {
      expect((await signInWith(headers)).statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it("serves the payment provider's webhook, which its server calls without either header", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'sec-fetch-site': undefined, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'id=tr_unknown',
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('caching and framing', () => {
  it('API answers are not stored: no-store on data, errors and refusals', async () => {
    const user = await createUser(t.database, { roles: Role.THERAPIST });
    const cookie = await signIn(t.app, user.email);
    const answers = [
      await call(t.app, cookie, { method: 'GET', url: '/api/user/current' }),
      await t.app.inject({ method: 'GET', url: '/api/user/current' }),
      await t.app.inject({ method: 'GET', url: '/api/does-not-exist' }),
      await signInWith({}),
    ];
    for (const answer of answers) expect(answer.headers['cache-control'], answer.body).toBe('no-store');
  });

  it('the logo keeps its own short private caching', async () => {
    const practiceId = await createPractice(t.database);
    const owner = await createUser(t.database, { roles: Role.THERAPIST | Role.CUSTOMER_ADMIN, practiceId });
    const cookie = await signIn(t.app, owner.email);
    const { default: sharp } = await import('sharp');
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const boundary = '----praxia-cache-boundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="l.png"\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await call(t.app, cookie, {
      method: 'PATCH',
      url: `/api/customer/${practiceId}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(upload.statusCode).toBe(200);
    const logo = await call(t.app, cookie, { method: 'GET', url: `/api/customer/${practiceId}/logo` });
    expect(logo.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
  });

  it('one framing policy: CSP frame-ancestors and no X-Frame-Options', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBeUndefined();
  });
});
