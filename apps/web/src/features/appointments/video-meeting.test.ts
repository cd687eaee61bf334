import { Role } from '@praxia/shared';
import { describe, expect, it } from 'vitest';
import { offersVideoMeeting } from './video-meeting';

describe('offersVideoMeeting', () => {
  const online = { clientId: 5, location: 'remote' as const };

  it('offers the video consultation to a therapist for an online appointment with a linked patient', () => {
    expect(offersVideoMeeting(Role.THERAPIST, online)).toBe(true);
    expect(offersVideoMeeting(Role.SECRETARY, online)).toBe(true);
    // A type for both places whose place was not chosen yet: the server decides (it refuses on-site only).
    expect(offersVideoMeeting(Role.THERAPIST, { clientId: 5, location: null })).toBe(true);
  });

  it('not on site, not without a linked patient, not without the video chat permission', () => {
    expect(offersVideoMeeting(Role.THERAPIST, { clientId: 5, location: 'onSite' })).toBe(false);
    expect(offersVideoMeeting(Role.THERAPIST, { clientId: null, location: 'remote' })).toBe(false);
    expect(offersVideoMeeting(Role.REGISTERED, online)).toBe(false);
    expect(offersVideoMeeting(Role.ADMIN, online)).toBe(false);
  });
});
