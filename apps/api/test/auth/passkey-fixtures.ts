import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call, sessionCookie } from '../test-app.js';
import { SoftwareAuthenticator } from './software-authenticator.js';

/** The test apps' PUBLIC_URL: passkeys are bound to its host and origin. */
export const TEST_ORIGIN = 'http://praxia.test';

export const newDevice = () => new SoftwareAuthenticator(TEST_ORIGIN);

export const passkeyOptions = async (app: FastifyInstance, cookie: string) => {
  const response = await call(app, cookie, { method: 'POST', url: '/api/user/mfa/passkeys/options' });
  expect(response.statusCode).toBe(200);
  return response.json();
};

/** Registers a passkey of the device; answers the response and the renewed session's cookie. */
export async function registerPasskey(
  app: FastifyInstance,
  cookie: string,
  device: SoftwareAuthenticator,
  name?: string,
) {
  const options = await passkeyOptions(app, cookie);
  const response = await call(app, cookie, {
    method: 'POST',
    url: '/api/user/mfa/passkeys',
    payload: { response: device.register(options), ...(name !== undefined && { name }) },
  });
  return { response, cookie: response.statusCode === 201 ? sessionCookie(response) : cookie };
}

export const signInOptions = (app: FastifyInstance, loginToken?: string) =>
  app.inject({ method: 'POST', url: '/api/user/login/passkey/options', payload: loginToken ? { loginToken } : {} });

export const signInWith = (app: FastifyInstance, response: unknown, loginToken?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/user/login/passkey',
    payload: { response, ...(loginToken && { loginToken }) },
  });

/** A sign-in with the device's passkey alone, all the way. */
export async function signInWithPasskey(app: FastifyInstance, device: SoftwareAuthenticator) {
  const options = (await signInOptions(app)).json();
  return signInWith(app, device.authenticate(options));
}
