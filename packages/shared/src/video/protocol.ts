/*
 * The video consultation's calls and signalling messages (issue 10). Types and constants only, no schema library:
 * the video page's own small entry imports this file; the server validates with its own zod schemas built on it.
 *
 * Flow: the therapist gets a short-lived token from GET /api/appointment/{id}/meeting/therapist and opens
 * /video/{token} in a new tab; the patient opens the personal link of the booking confirmation, /video/{token}.
 * The page asks POST /api/video/session { token } what the token is for, checks camera and microphone, then opens
 * the WebSocket /api/video/signal and sends { type: 'join', token } first (tokens never travel in a URL the server
 * logs). The patient waits until the therapist admits them; then the therapist makes the WebRTC offer. Media go
 * peer to peer (DTLS-SRTP); the server relays only these messages.
 */

/** The page of both parties; the token follows the prefix. */
export const VIDEO_PAGE_PREFIX = '/video/';
export const VIDEO_SIGNAL_PATH = '/api/video/signal';

/** The therapist's token opens the page within this time; the WebSocket session then lives as long as the call. */
export const THERAPIST_VIDEO_TOKEN_MINUTES = 10;
/** A patient's link works from this long before the start until the appointment's end. */
export const PATIENT_LINK_OPENS_MINUTES_BEFORE = 30;
/** Video metadata (who joined and left when) is deleted after this many days (privacy notice). */
export const VIDEO_METADATA_DAYS = 90;
/** Signalling bounds: one message (an SDP with its candidates stays far below), and a rate per connection. */
export const SIGNAL_MAX_MESSAGE_BYTES = 65_536;
export const SIGNAL_MAX_MESSAGES = 60;
export const SIGNAL_RATE_WINDOW_MS = 10_000;

export type VideoRole = 'therapist' | 'patient';

/** POST /api/video/session → 200: what the page shows before joining. 404 for an unknown or used-up token. */
export type VideoSession = {
  role: VideoRole;
  /** open: may join now; tooEarly: the patient's link opens 30 minutes before; ended: past the end or cancelled. */
  status: 'open' | 'tooEarly' | 'ended';
  appointment: {
    id: number;
    appointmentStart: string;
    appointmentEnd: string;
    therapistName: string;
    practiceName: string;
    /** Shown to the therapist only. */
    patientName: string | null;
  };
  /** STUN/TURN servers for RTCPeerConnection (TURN credentials short-lived, coturn's use-auth-secret scheme). */
  iceServers: { urls: string | string[]; username?: string; credential?: string }[];
};

/** GET /api/appointment/{id}/meeting/therapist → 200. */
export type TherapistMeeting = { token: string; url: string; expiresAt: string };

/** What WebRTC hands over between the peers: a description or an ICE candidate (bodies are never logged). */
export type SignalPayload =
  | { description: { type: 'offer' | 'answer'; sdp: string } }
  | { candidate: { candidate: string; sdpMid?: string | null; sdpMLineIndex?: number | null } | null };

export type ClientMessage =
  | { type: 'join'; token: string }
  /** The therapist lets the waiting patient in. */
  | { type: 'admit' }
  | { type: 'signal'; payload: SignalPayload }
  /** Hang up: ends the call for both. */
  | { type: 'hangUp' }
  | { type: 'ping' };

export type ServerMessage =
  | { type: 'joined'; role: VideoRole }
  /** To the patient: wait until admitted. */
  | { type: 'waiting' }
  /** To the therapist: the patient is in the waiting room (false: left it). */
  | { type: 'patientWaiting'; isWaiting: boolean }
  /** To both when the patient is admitted and both are present: the therapist makes the offer. */
  | { type: 'start'; isOfferer: boolean }
  | { type: 'signal'; payload: SignalPayload }
  /** The other party's connection closed (they may come back: the room stays). */
  | { type: 'peerLeft' }
  /** Hung up by either party, or the appointment ended or was cancelled: the page closes the call. */
  | { type: 'ended'; reason: 'hungUp' | 'appointmentEnded' | 'cancelled' }
  | { type: 'pong' }
  /**
   * The connection is closed after an error: invalidToken, notAllowed, tooLarge, tooFrequent, badMessage, roomFull,
   * replaced (the same party joined again from another tab or after a reload: the newer connection wins; the page
   * should not reconnect on its own after it), joinTimeout (no join within 5 s), serverError.
   */
  | { type: 'error'; code: string };
