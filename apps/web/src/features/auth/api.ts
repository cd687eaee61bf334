import type {
  Credentials,
  changeEmailSchema,
  pinSchema,
  RegisterTherapistInput,
  SetPasswordInput,
  UserSelfUpdate,
} from '@praxia/shared';
import type { z } from 'zod';
import { api, dataOf } from '../../lib/api-client';

/** The signed-in user (GET /user/current); an ApiError with status 401 when nobody is. */
export const getCurrentUser = () => dataOf(api.GET('/api/user/current'));

export const login = (body: Credentials) => dataOf(api.POST('/api/user/login/credentials', { body }));

export const submitPin = (body: z.input<typeof pinSchema>) => dataOf(api.POST('/api/user/login/pin', { body }));

export const logout = () => dataOf(api.GET('/api/user/logout'));

export const requestPasswordReset = (email: string) =>
  dataOf(api.POST('/api/user/password/reset', { body: { email } }));

export const setPasswordWithToken = (token: string, body: SetPasswordInput) =>
  dataOf(api.PATCH('/api/user/password/{token}', { params: { path: { token } }, body }));

/** The new address an e-mail change link stands for. */
export async function findEmailChange(token: string): Promise<string> {
  const result = await dataOf(api.POST('/api/security-token/search', { params: { query: { token } } }));
  const email = result.list[0]?.payload.email;
  if (!email) throw new Error('token search returned no entry');
  return email;
}

export const changeEmail = (body: z.input<typeof changeEmailSchema>) =>
  dataOf(api.POST('/api/user/change-email', { body }));

export const confirmRegistration = (token: string) =>
  dataOf(api.GET('/api/user/confirm-registration/{token}', { params: { path: { token } } }));

export const registerTherapist = (body: RegisterTherapistInput) =>
  dataOf(api.POST('/api/customer/therapist', { body }));

export const updateUser = (id: number, body: UserSelfUpdate) =>
  dataOf(api.PATCH('/api/user/{id}', { params: { path: { id } }, body }));
