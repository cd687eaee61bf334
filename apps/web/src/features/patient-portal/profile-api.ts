import type { PatientProfileUpdate } from '@praxia/shared';
import { api, dataOf } from '../../lib/api-client';

/** Under the users' keys: the avatar upload refreshes them all, and with them this profile's avatar flag. */
export const ownProfileKey = ['users', 'ownPatientProfile'] as const;

/** The signed-in patient's own contact data (GET /patient/profile). */
export const getOwnProfile = () => dataOf(api.GET('/api/patient/profile'));

export const saveOwnProfile = (body: PatientProfileUpdate) => dataOf(api.PATCH('/api/patient/profile', { body }));
