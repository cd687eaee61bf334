import { Role } from '@praxia/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createPractice, createTestApp, createUser, signIn, type TestApp } from '../test-app.js';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const practice = await createPractice(t.database);
  const user = await createUser(t.database, { roles: Role.SECRETARY, practiceId: practice });
  cookie = await signIn(t.app, user.email);
});
afterAll(() => t.close());

describe('GET /api/common/countries', () => {
  it('lists all ISO 3166 countries with German names and phone prefixes, sorted by the German name', async () => {
    const response = await call(t.app, cookie, { method: 'GET', url: '/api/common/countries' });
    expect(response.statusCode).toBe(200);
    const list: { iso: string; name: string; phonePrefix: string | null }[] = response.json().list;
    expect(list.length).toBeGreaterThanOrEqual(249);
    expect(list).toContainEqual({ iso: 'DE', name: 'Deutschland', phonePrefix: '+49' });
    expect(list).toContainEqual({ iso: 'AT', name: 'Österreich', phonePrefix: '+43' });
    expect(list.find((country) => country.iso === 'AQ')?.phonePrefix).toBeNull();
    const names = list.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'de')));
    expect(response.headers['cache-control']).toBe('private, max-age=86400');
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/common/countries' })).statusCode).toBe(401);
  });
});
