import type { PasswordChange, PushSubscriptionBody, StaffUserCreate, UserPatch } from '@praxia/shared';
import { ApiError, api, apiHref, dataOf, toFormData } from '../../lib/api-client';

export const userKeys = {
  all: ['users'] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};

const byId = (id: number) => ({ params: { path: { id } } });

/**
 * GET /user/{id}: a patient's record for those who treat them, otherwise the full user for the user form. The same
 * call answers guests a therapist's public profile (no e-mail); the staff app always sends its session and never
 * gets it, so such an answer counts as missing.
 */
export async function getUserOrPatient(id: number) {
  const answer = await dataOf(api.GET('/api/user/{id}', byId(id)));
  if (!('email' in answer)) throw new ApiError(404, null);
  return answer;
}

type UserOrPatient = Awaited<ReturnType<typeof getUserOrPatient>>;
export type PatientRecord = Extract<UserOrPatient, { patientNumber: number }>;

export const isPatientRecord = (user: UserOrPatient): user is PatientRecord => 'patientNumber' in user;

/** The full user for the user form; a patient's id answers like a missing user (their form is the patient form). */
export async function getStaffUser(id: number) {
  const user = await getUserOrPatient(id);
  if (isPatientRecord(user)) throw new ApiError(404, null);
  return user;
}

// The contract cannot say "null only" (mollieSubscriptionId); the shared schema types the body instead.
export const patchUser = (id: number, body: UserPatch) =>
  dataOf(api.PATCH('/api/user/{id}', { ...byId(id), body: body as never }));

export const createStaffUser = (body: StaffUserCreate) => dataOf(api.POST('/api/user', { body }));

export const changePassword = (body: PasswordChange) => dataOf(api.POST('/api/user/password/change', { body }));

/** The avatar as an image URL; `version` changes after an upload so the browser does not show the old one. */
export const avatarUrl = (id: number, version: number | string) =>
  `${apiHref('/api/user/{id}/avatar', byId(id).params)}?v=${encodeURIComponent(String(version))}`;

export const uploadAvatar = (id: number, image: Blob) =>
  dataOf(
    api.PUT('/api/user/{id}/avatar', {
      ...byId(id),
      body: { file: new File([image], 'avatar.jpg', { type: image.type }) },
      bodySerializer: toFormData,
    }),
  );

export const deleteAvatar = (id: number) => dataOf(api.DELETE('/api/user/{id}/avatar', byId(id)));

export const getPushPublicKey = async () => (await dataOf(api.GET('/api/push-notification/public-key'))).publicKey;

export const savePushSubscription = (body: PushSubscriptionBody) =>
  dataOf(api.POST('/api/push-notification/subscription', { body }));

export const removePushSubscription = (userId: number, endpoint?: string) =>
  dataOf(
    api.DELETE('/api/push-notification/subscription/{id}', { ...byId(userId), body: endpoint ? { endpoint } : null }),
  );

export const sendTestPush = () => dataOf(api.POST('/api/push-notification/test'));
