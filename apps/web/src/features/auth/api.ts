import {
  createdIdSchema,
  credentialsResultSchema,
  type RegisterTherapistInput,
  tokenSearchResultSchema,
  type User,
  type UserSelfUpdate,
  userIdResultSchema,
  userSchema,
} from '@praxia/shared';
import { api } from '../../lib/api-client';

export const login = (body: { email: string; password: string }) =>
  api.post('/user/login/credentials', body, { parser: credentialsResultSchema });

export const submitPin = (body: { pin: string; loginToken: string }) =>
  api.post('/user/login/pin', body, { parser: userIdResultSchema });

export const logout = () => api.get<{ success: true }>('/user/logout');

export const requestPasswordReset = (email: string) => api.post('/user/password/reset', { email });

export const setPasswordWithToken = (token: string, body: { password: string; passwordConfirm: string }) =>
  api.patch(`/user/password/${encodeURIComponent(token)}`, body);

/** The new address an e-mail change link stands for. */
export async function findEmailChange(token: string): Promise<string> {
  const result = await api.post(`/security-token/search?token=${encodeURIComponent(token)}`, undefined, {
    parser: tokenSearchResultSchema,
  });
  const email = result.list[0]?.payload.email;
  if (!email) throw new Error('token search returned no entry');
  return email;
}

export const changeEmail = (body: { token: string; password: string }) => api.post('/user/change-email', body);

export const confirmRegistration = (token: string) =>
  api.get(`/user/confirm-registration/${encodeURIComponent(token)}`);

export const registerTherapist = (body: RegisterTherapistInput) =>
  api.post('/customer/therapist', body, { parser: createdIdSchema });

export const getUser = (id: string | number): Promise<User> =>
  api.get(`/user/${encodeURIComponent(String(id))}`, { parser: userSchema });

export const updateUser = (id: number, body: UserSelfUpdate): Promise<User> =>
  api.patch(`/user/${id}`, body, { parser: userSchema });
