import type { passkeyRegisterSchema, passkeySignInSchema } from '@praxia/shared';
import type { z } from 'zod';
import { api, dataOf } from '../../../lib/api-client';

export const passkeyKeys = { list: ['passkeys'] as const };

const byId = (id: number) => ({ params: { path: { id } } });

export const getPasskeys = async () => (await dataOf(api.GET('/api/user/mfa/passkeys'))).list;

export const getRegistrationOptions = () => dataOf(api.POST('/api/user/mfa/passkeys/options'));

export const savePasskey = (body: z.input<typeof passkeyRegisterSchema>) =>
  dataOf(api.POST('/api/user/mfa/passkeys', { body }));

export const renamePasskey = (id: number, name: string) =>
  dataOf(api.PATCH('/api/user/mfa/passkeys/{id}', { ...byId(id), body: { name } }));

export const removePasskey = (id: number) => dataOf(api.DELETE('/api/user/mfa/passkeys/{id}', byId(id)));

export const getSignInOptions = (loginToken?: string) =>
  dataOf(api.POST('/api/user/login/passkey/options', { body: loginToken ? { loginToken } : {} }));

export const signInWithPasskeyAnswer = (body: z.input<typeof passkeySignInSchema>) =>
  dataOf(api.POST('/api/user/login/passkey', { body }));
