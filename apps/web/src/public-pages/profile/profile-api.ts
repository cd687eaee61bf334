import type { MapSettings } from '@praxia/shared/common/map-schemas';
import type { PublicProfile } from '@praxia/shared/users/public-profile-schemas';
import { getPublic, type PublicLoad } from '../therapists/public-api';

/** GET /user/{id} as a guest: the therapist's public profile; 404 for anyone else. */
export const loadPublicProfile = (therapistId: number): Promise<PublicLoad<PublicProfile>> =>
  getPublic<PublicProfile>(`/api/user/${therapistId}`);

/** Where the map's tiles come from, and whether they are ours (then no consent is needed). */
export const loadMapSettings = (): Promise<PublicLoad<MapSettings>> =>
  getPublic<MapSettings>('/api/common/map-settings');
