import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { expect } from 'vitest';
import { call, PASSWORD, sessionCookie } from '../test-app.js';

const PERIOD_SECONDS = 30;

/** The authenticator app's code for now, or `steps` time steps away (the server accepts one step either way). */
export function totpCode(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * PERIOD_SECONDS });
}

/**
 * Sets up the authenticator app through the API as the profile does; answers the secret, the recovery codes and the
 * renewed session. The first code is the previous step's, so the current one is still fresh for a sign-in.
 */
export async function enrolTotp(app: FastifyInstance, cookie: string) {
  const started = await call(app, cookie, { method: 'POST', url: '/api/user/mfa/totp' });
  expect(started.statusCode).toBe(200);
  const { secret } = started.json() as { secret: string };
  const confirmed = await call(app, cookie, {
    method: 'POST',
    url: '/api/user/mfa/totp/confirm',
    payload: { code: await totpCode(secret, -1) },
  });
  expect(confirmed.statusCode).toBe(200);
  return {
    secret,
    recoveryCodes: (confirmed.json() as { recoveryCodes: string[] }).recoveryCodes,
    cookie: sessionCookie(confirmed),
  };
}

/** The password step of a user with a strong factor: answers the login token. */
export async function passwordStep(app: FastifyInstance, email: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/user/login/credentials',
    payload: { email, password: PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  expect(response.cookies).toHaveLength(0);
  return (response.json() as { loginToken: string }).loginToken;
}

export const sendCode = (app: FastifyInstance, loginToken: string, pin: string) =>
  app.inject({ method: 'POST', url: '/api/user/login/pin', payload: { loginToken, pin } });
