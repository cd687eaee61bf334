import { describe, expect, it } from 'vitest';
import { admitToRoom, EMPTY_ROOM, endRoom, joinRoom, leaveRoom, type RoomState, relayTarget } from './room-state.js';

describe('the signalling room', () => {
  it('tells the therapist when a waiting patient arrives and leaves again', () => {
    const withTherapist = joinRoom(EMPTY_ROOM, 'therapist', 't1');
    const withPatient = joinRoom(withTherapist.room as RoomState, 'patient', 'p1');
    const left = leaveRoom(withPatient.room as RoomState, 'patient', 'p1');
    expect([...withTherapist.effects, ...withPatient.effects, ...left.effects].filter((e) => e.to === 't1')).toEqual([
      { to: 't1', message: { type: 'joined', role: 'therapist' } },
      { to: 't1', message: { type: 'patientWaiting', isWaiting: true } },
      { to: 't1', message: { type: 'patientWaiting', isWaiting: false } },
    ]);
    expect(left.room?.isAdmitted).toBe(false);
  });

  it('admits only a present patient, relays only after the start and forgets the room when both are gone', () => {
    let room = joinRoom(EMPTY_ROOM, 'therapist', 't1').room as RoomState;
    expect(admitToRoom(room).room.isAdmitted).toBe(false);
    room = joinRoom(room, 'patient', 'p1').room as RoomState;
    expect(relayTarget(room, 'patient', 'p1')).toBeNull();
    const admitted = admitToRoom(room);
    expect(admitted.effects).toEqual([
      { to: 't1', message: { type: 'start', isOfferer: true } },
      { to: 'p1', message: { type: 'start', isOfferer: false } },
    ]);
    room = admitted.room;
    expect(relayTarget(room, 'patient', 'p1')).toBe('t1');
    expect(relayTarget(room, 'patient', 'p-other')).toBeNull();
    room = leaveRoom(room, 'patient', 'p1').room as RoomState;
    expect(leaveRoom(room, 'therapist', 't1').room).toBeNull();
  });

  it('lets an admitted patient who returns straight back in', () => {
    let room = joinRoom(joinRoom(EMPTY_ROOM, 'therapist', 't1').room as RoomState, 'patient', 'p1').room as RoomState;
    room = admitToRoom(room).room;
    const left = leaveRoom(room, 'patient', 'p1');
    expect(left.effects).toEqual([{ to: 't1', message: { type: 'peerLeft' } }]);
    const back = joinRoom(left.room as RoomState, 'patient', 'p2');
    expect(back.effects.map((effect) => [effect.to, 'message' in effect ? effect.message.type : 'close'])).toEqual([
      ['p2', 'joined'],
      ['t1', 'start'],
      ['p2', 'start'],
    ]);
  });

  it('replaces a second connection of a role, ignores the leave of the replaced one and ends a room for both', () => {
    let room = joinRoom(EMPTY_ROOM, 'therapist', 't1').room as RoomState;
    room = joinRoom(room, 'patient', 'p1').room as RoomState;
    const replaced = joinRoom(room, 'therapist', 't2');
    expect(replaced.effects.slice(0, 2)).toEqual([
      { to: 't1', message: { type: 'error', code: 'replaced' } },
      { to: 't1', close: 4001 },
    ]);
    room = replaced.room as RoomState;
    expect(leaveRoom(room, 'therapist', 't1')).toEqual({ room, effects: [] });
    const ended = endRoom(room, 'cancelled');
    expect(ended.room).toBeNull();
    expect(ended.effects).toEqual([
      { to: 't2', message: { type: 'ended', reason: 'cancelled' } },
      { to: 't2', close: 1000 },
      { to: 'p1', message: { type: 'ended', reason: 'cancelled' } },
      { to: 'p1', close: 1000 },
    ]);
  });
});
