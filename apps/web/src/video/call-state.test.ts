import type { ServerMessage } from '@praxia/shared/video/protocol';
import { describe, expect, it } from 'vitest';
import {
  type CallEvent,
  type CallState,
  callReducer,
  endTexts,
  failureText,
  initialCallState,
  mayRejoin,
  reconnectDelayMs,
} from './call-state';

const server = (message: ServerMessage): CallEvent => ({ type: 'server', message });
const run = (state: CallState, ...events: CallEvent[]) => events.reduce(callReducer, state);

describe('the patient', () => {
  const joinedPatient = run(initialCallState('patient'), server({ type: 'joined', role: 'patient' }));

  it('waits in the waiting room until the server starts the call, then answers', () => {
    const waiting = run(joinedPatient, server({ type: 'waiting' }));
    expect(waiting.stage).toBe('waitingRoom');
    const started = run(waiting, server({ type: 'start', isOfferer: false }));
    expect(started).toMatchObject({ stage: 'inCall', isOfferer: false, callNumber: 1, notice: null });
  });

  it('goes back to waiting with a notice when the therapist leaves, and gets a fresh call on the next start', () => {
    const inCall = run(joinedPatient, server({ type: 'start', isOfferer: false }));
    const left = run(inCall, server({ type: 'peerLeft' }));
    expect(left).toMatchObject({ stage: 'waitingRoom', notice: 'peerLeft' });
    const again = run(left, server({ type: 'start', isOfferer: false }));
    expect(again).toMatchObject({ stage: 'inCall', notice: null, callNumber: 2 });
  });
});

describe('the therapist', () => {
  const lobby = run(initialCallState('therapist'), server({ type: 'joined', role: 'therapist' }));

  it('sees the lobby, then the waiting patient, and makes the offer once admitted', () => {
    expect(lobby).toMatchObject({ stage: 'lobby', isPatientWaiting: false });
    const waiting = run(lobby, server({ type: 'patientWaiting', isWaiting: true }));
    expect(waiting).toMatchObject({ stage: 'lobby', isPatientWaiting: true });
    const left = run(waiting, server({ type: 'patientWaiting', isWaiting: false }));
    expect(left.isPatientWaiting).toBe(false);
    const started = run(waiting, server({ type: 'start', isOfferer: true }));
    expect(started).toMatchObject({ stage: 'inCall', isOfferer: true, isPatientWaiting: false, callNumber: 1 });
  });

  it('returns to the lobby with a notice when the patient leaves the call', () => {
    const left = run(lobby, server({ type: 'start', isOfferer: true }), server({ type: 'peerLeft' }));
    expect(left).toMatchObject({ stage: 'lobby', notice: 'peerLeft', isPatientWaiting: false });
  });
});

describe('a dropped signalling connection', () => {
  it('shows the reconnection notice and keeps a running call, which the rejoin does not interrupt', () => {
    const inCall = run(
      initialCallState('patient'),
      server({ type: 'joined', role: 'patient' }),
      server({ type: 'start', isOfferer: false }),
    );
    const lost = run(inCall, { type: 'socketLost' });
    expect(lost).toMatchObject({ stage: 'inCall', notice: 'socketReconnecting', callNumber: 1 });
    const back = run(lost, server({ type: 'joined', role: 'patient' }));
    expect(back).toMatchObject({ stage: 'inCall', notice: null, callNumber: 1 });
  });

  it('is ignored once the call has ended', () => {
    const ended = run(initialCallState('patient'), server({ type: 'ended', reason: 'hungUp' }));
    expect(run(ended, { type: 'socketLost' })).toEqual(ended);
    expect(run(ended, server({ type: 'start', isOfferer: false })).stage).toBe('ended');
  });
});

describe('the end and failures', () => {
  it('ends for a hang-up here or a server end, with the reason', () => {
    const lobby = run(initialCallState('therapist'), server({ type: 'joined', role: 'therapist' }));
    expect(run(lobby, { type: 'hungUpHere' })).toMatchObject({ stage: 'ended', endReason: 'hungUp' });
    expect(run(lobby, server({ type: 'ended', reason: 'cancelled' }))).toMatchObject({
      stage: 'ended',
      endReason: 'cancelled',
    });
    expect(endTexts('hungUp')).toEqual(['ended']);
    expect(endTexts('appointmentEnded')).toEqual(['endedTime', 'ended']);
    expect(endTexts('cancelled')).toEqual(['endedCancelled', 'ended']);
  });

  it('fails on a server error, explains it by role, and lets the visitor retry only where that can help', () => {
    const failed = run(initialCallState('patient'), server({ type: 'error', code: 'roomFull' }));
    expect(failed).toMatchObject({ stage: 'failed', errorCode: 'roomFull' });
    expect(failureText(failed)).toBe('error.roomFull');
    expect(failureText({ role: 'patient', errorCode: 'invalidToken' })).toBe('invalidLink');
    expect(failureText({ role: 'therapist', errorCode: 'invalidToken' })).toBe('therapistLinkExpired');
    expect(failureText({ role: 'patient', errorCode: 'tooFrequent' })).toBe('error.other');
    expect(mayRejoin('roomFull')).toBe(true);
    expect(mayRejoin('invalidToken')).toBe(false);
    expect(mayRejoin('notAllowed')).toBe(false);
    expect(run(failed, { type: 'rejoin' })).toEqual(initialCallState('patient'));
  });

  it('does not restart an ended call on rejoin', () => {
    const ended = run(initialCallState('patient'), { type: 'hungUpHere' });
    expect(run(ended, { type: 'rejoin' })).toEqual(ended);
  });
});

describe('reconnectDelayMs', () => {
  it('doubles from 1 s up to 15 s, spread by ±25 %', () => {
    expect([0, 1, 2, 3, 4, 10].map((attempt) => reconnectDelayMs(attempt, 0.5))).toEqual([
      1000, 2000, 4000, 8000, 15000, 15000,
    ]);
    expect(reconnectDelayMs(0, 0)).toBe(750);
    expect(reconnectDelayMs(10, 1)).toBe(18750);
  });
});
