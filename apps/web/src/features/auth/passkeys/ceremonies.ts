import type { passkeyAuthenticationResponseSchema, passkeyRegistrationResponseSchema } from '@praxia/shared';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { z } from 'zod';
import { getRegistrationOptions, getSignInOptions, savePasskey, signInWithPasskeyAnswer } from './api';

// The browser library is loaded when a passkey is used, not with the sign-in page's first view.
const webAuthn = () => import('@simplewebauthn/browser');

/** Whether this browser can use passkeys at all. */
export const isPasskeySupported = () => typeof window !== 'undefined' && 'PublicKeyCredential' in window;

/** Signs in with a passkey: alone, or with the password step's login token as its second factor. */
export async function signInWithPasskey(loginToken?: string) {
  const [{ startAuthentication }, options] = await Promise.all([webAuthn(), getSignInOptions(loginToken)]);
  const answer = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return signInWithPasskeyAnswer({
    response: answer as z.input<typeof passkeyAuthenticationResponseSchema>,
    ...(loginToken && { loginToken }),
  });
}

/** Creates a passkey on this device for the signed-in user and stores it under the name. */
export async function addPasskey(name: string) {
  const [{ startRegistration }, options] = await Promise.all([webAuthn(), getRegistrationOptions()]);
  const answer = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
  return savePasskey({ response: answer as z.input<typeof passkeyRegistrationResponseSchema>, name });
}

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Mac OS X/, 'macOS'],
  [/Windows/, 'Windows'],
  [/Linux/, 'Linux'],
];
const firstMatch = (list: [RegExp, string][], userAgent: string) =>
  list.find(([pattern]) => pattern.test(userAgent))?.[1];

/** A name for a new passkey from the device it is made on ("Chrome auf Linux"); the person may change it. */
export function suggestPasskeyName(userAgent: string, on: string): string {
  const parts = [firstMatch(BROWSERS, userAgent), firstMatch(SYSTEMS, userAgent)].filter(Boolean);
  return parts.length > 0 ? parts.join(` ${on} `) : 'Passkey';
}
