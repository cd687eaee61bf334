import { Role } from '@praxia/shared';
import { describe, expect, it } from 'vitest';
import { videoMeetingActions } from './video-meeting';

describe('videoMeetingActions', () => {
  const online = { clientId: 5, location: 'remote' as const };

  it('lets a therapist start an online appointment with a linked patient and send the link again', () => {
    expect(videoMeetingActions(Role.THERAPIST, online)).toEqual({ canStart: true, canResend: true });
    // A type for both places whose place was not chosen yet: the server decides (it refuses on-site only).
    expect(videoMeetingActions(Role.THERAPIST, { clientId: 5, location: null }).canStart).toBe(true);
  });

  it('lets an assistant send the link again, but not start the consultation (the patient meets the therapist)', () => {
    expect(videoMeetingActions(Role.SECRETARY, online)).toEqual({ canStart: false, canResend: true });
  });

  it('offers nothing on site, without a linked patient, or without the permissions', () => {
    const nothing = { canStart: false, canResend: false };
    expect(videoMeetingActions(Role.THERAPIST, { clientId: 5, location: 'onSite' })).toEqual(nothing);
    expect(videoMeetingActions(Role.THERAPIST, { clientId: null, location: 'remote' })).toEqual(nothing);
    expect(videoMeetingActions(Role.REGISTERED, online)).toEqual(nothing);
    expect(videoMeetingActions(Role.ADMIN, online)).toEqual(nothing);
  });
});
