import type { ServerMessage, VideoRole } from '@praxia/shared/video/protocol';
import type { TextKey } from './i18n';

/*
 * Where a joined visitor stands, driven by the server's messages and the page's own events. Pure, so every path
 * (waiting room, admission, the peer leaving, a dropped socket, the end) is tested without a browser. The peer
 * connection itself lives beside it: the page makes a fresh one whenever `callNumber` grows.
 */

export type Stage = 'connecting' | 'waitingRoom' | 'lobby' | 'inCall' | 'ended' | 'failed';
export type EndReason = Extract<ServerMessage, { type: 'ended' }>['reason'];

export type CallState = {
  role: VideoRole;
  stage: Stage;
  /** The therapist's lobby: whether the patient is in the waiting room. */
  isPatientWaiting: boolean;
  isOfferer: boolean;
  /** Grows with every `start`: each start gets a fresh RTCPeerConnection on both sides. */
  callNumber: number;
  notice: 'peerLeft' | 'socketReconnecting' | null;
  endReason: EndReason | null;
  /** The server's error code after it closed the connection (invalidToken, roomFull …). */
  errorCode: string | null;
};

export type CallEvent =
  | { type: 'server'; message: ServerMessage }
  /** The WebSocket closed without an end: the page reconnects and joins again. */
  | { type: 'socketLost' }
  /** This visitor hung up (the server is told; the page does not wait for its answer). */
  | { type: 'hungUpHere' }
  /** After a failure, the visitor tries again. */
  | { type: 'rejoin' };

export const initialCallState = (role: VideoRole): CallState => ({
  role,
  stage: 'connecting',
  isPatientWaiting: false,
  isOfferer: false,
  callNumber: 0,
  notice: null,
  endReason: null,
  errorCode: null,
});

const isOver = (state: CallState) => state.stage === 'ended' || state.stage === 'failed';
/** Where a visitor waits while not in the call. */
const waitingStage = (role: VideoRole): Stage => (role === 'therapist' ? 'lobby' : 'waitingRoom');

function onServerMessage(state: CallState, message: ServerMessage): CallState {
  switch (message.type) {
    case 'joined': {
      const notice = state.notice === 'socketReconnecting' ? null : state.notice;
      // A rejoin after a dropped socket keeps a running call: the media go peer to peer and may have lasted.
      const stage = state.stage === 'connecting' ? waitingStage(state.role) : state.stage;
      return { ...state, stage, notice };
    }
    case 'waiting':
      return { ...state, stage: 'waitingRoom' };
    case 'patientWaiting':
      return { ...state, isPatientWaiting: message.isWaiting };
    case 'start':
      return {
        ...state,
        stage: 'inCall',
        isOfferer: message.isOfferer,
        callNumber: state.callNumber + 1,
        isPatientWaiting: false,
        notice: null,
      };
    case 'peerLeft':
      return {
        ...state,
        stage: state.stage === 'inCall' ? waitingStage(state.role) : state.stage,
        isPatientWaiting: false,
        notice: 'peerLeft',
      };
    case 'ended':
      return { ...state, stage: 'ended', endReason: message.reason, notice: null };
    case 'error':
      return { ...state, stage: 'failed', errorCode: message.code, notice: null };
    default:
      // pong and signal change nothing here (signals go to the peer connection).
      return state;
  }
}

export function callReducer(state: CallState, event: CallEvent): CallState {
  if (event.type === 'rejoin') {
    return state.stage === 'failed' ? initialCallState(state.role) : state;
  }
  if (isOver(state)) return state;
  switch (event.type) {
    case 'server':
      return onServerMessage(state, event.message);
    case 'socketLost':
      return { ...state, notice: 'socketReconnecting' };
    case 'hungUpHere':
      return { ...state, stage: 'ended', endReason: 'hungUp', notice: null };
  }
}

/** The words for an ended call: the end itself, and why when it was not a hang-up. */
export function endTexts(reason: EndReason | null): TextKey[] {
  if (reason === 'appointmentEnded') return ['endedTime', 'ended'];
  if (reason === 'cancelled') return ['endedCancelled', 'ended'];
  return ['ended'];
}

/** The words for a failure the server reported; an expired therapist token asks for a new start from the calendar. */
export function failureText(state: Pick<CallState, 'errorCode' | 'role'>): TextKey {
  switch (state.errorCode) {
    case 'invalidToken':
      return state.role === 'therapist' ? 'therapistLinkExpired' : 'invalidLink';
    case 'roomFull':
      return 'error.roomFull';
    case 'notAllowed':
      return 'error.notAllowed';
    default:
      return 'error.other';
  }
}

/** Whether trying again can help: not with a refused token or a room that is not the visitor's. */
export const mayRejoin = (errorCode: string | null) => errorCode !== 'invalidToken' && errorCode !== 'notAllowed';

/** The WebSocket's reconnection delay: 1 s, 2 s, 4 s … up to 15 s, spread by ±25 % so two tabs do not pulse together. */
export function reconnectDelayMs(attempt: number, random = Math.random()): number {
  const base = Math.min(15_000, 1_000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.75 + random * 0.5));
}
