import type { ServerMessage, VideoRole } from '@praxia/shared/video/protocol';
import { describe, expect, it } from 'vitest';
import { type Party, VideoRooms } from './video-rooms.js';

/** A party that records what it is sent and how it was closed. */
function party(role: VideoRole) {
  const received: ServerMessage[] = [];
  const closes: number[] = [];
  const self: Party & { received: ServerMessage[]; closes: number[] } = {
    role,
    received,
    closes,
    send: (message) => received.push(message),
    close: (code) => closes.push(code),
  };
  return self;
}

describe('VideoRooms', () => {
  it('tells the therapist when a waiting patient arrives and leaves again', () => {
    const rooms = new VideoRooms();
    const therapist = party('therapist');
    const patient = party('patient');
    rooms.join(1, therapist);
    rooms.join(1, patient);
    rooms.leave(1, patient);
    expect(therapist.received).toEqual([
      { type: 'joined', role: 'therapist' },
      { type: 'patientWaiting', isWaiting: true },
      { type: 'patientWaiting', isWaiting: false },
    ]);
    expect(rooms.isInCall(1)).toBe(false);
  });

  it('admits only a present patient, relays only after the start and forgets the room when both are gone', () => {
    const rooms = new VideoRooms();
    const therapist = party('therapist');
    const patient = party('patient');
    rooms.join(1, therapist);
    rooms.admit(1);
    expect(rooms.isInCall(1)).toBe(false);
    rooms.join(1, patient);
    rooms.relay(1, patient, { candidate: null });
    expect(therapist.received.some((message) => message.type === 'signal')).toBe(false);
    rooms.admit(1);
    expect(rooms.isInCall(1)).toBe(true);
    rooms.relay(1, patient, { candidate: null });
    expect(therapist.received.at(-1)).toEqual({ type: 'signal', payload: { candidate: null } });
    rooms.leave(1, patient);
    rooms.leave(1, therapist);
    expect(rooms.isInCall(1)).toBe(false);
    // A new room: admission is asked for again.
    const again = party('patient');
    rooms.join(1, party('therapist'));
    rooms.join(1, again);
    expect(again.received.map((message) => message.type)).toEqual(['joined', 'waiting']);
  });

  it('ignores the leave of a replaced connection and ends a room for both', () => {
    const rooms = new VideoRooms();
    const first = party('therapist');
    const second = party('therapist');
    const patient = party('patient');
    rooms.join(7, first);
    rooms.join(7, patient);
    rooms.join(7, second);
    expect(first.received.at(-1)).toEqual({ type: 'error', code: 'replaced' });
    expect(first.closes).toEqual([4001]);
    rooms.leave(7, first);
    expect(rooms.isCurrent(7, second)).toBe(true);
    rooms.end(7, 'cancelled');
    for (const member of [second, patient]) {
      expect(member.received.at(-1)).toEqual({ type: 'ended', reason: 'cancelled' });
      expect(member.closes).toEqual([1000]);
    }
    expect(rooms.isCurrent(7, second)).toBe(false);
  });
});
