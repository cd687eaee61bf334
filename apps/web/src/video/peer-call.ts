import type { SignalPayload, VideoSession } from '@praxia/shared/video/protocol';
import { bytesReceived, type ConnectionKind, connectionKind, type StatsEntry } from './connection-kind';

/*
 * One WebRTC call between the two browsers (DTLS-SRTP, peer to peer). Only the offerer (the therapist) ever makes
 * offers — the first one and the ICE restarts — and the answerer only answers, so the two can never offer at once
 * (no glare). Both sides make a fresh PeerCall for every `start` of the server.
 */

export type PeerStatus = {
  connectionState: RTCPeerConnectionState;
  kind: ConnectionKind | null;
  bytesReceived: { audio: number; video: number };
};

type Options = {
  iceServers: VideoSession['iceServers'];
  isOfferer: boolean;
  audioTrack: MediaStreamTrack | null;
  videoTrack: MediaStreamTrack | null;
  send: (payload: SignalPayload) => void;
  onRemoteStream: (stream: MediaStream) => void;
  onStatus: (status: PeerStatus) => void;
};

const STATS_INTERVAL_MS = 2_000;
/** A 'disconnected' connection often recovers by itself; after this long the offerer restarts ICE. */
const DISCONNECTED_GRACE_MS = 4_000;

export class PeerCall {
  private readonly pc: RTCPeerConnection;
  private readonly remoteStream = new MediaStream();
  /** Signals are handled one after another: a candidate must not overtake the description it belongs to. */
  private queue: Promise<void> = Promise.resolve();
  private pendingCandidates: RTCIceCandidateInit[] = [];
  private hasAttachedTracks = false;
  private videoTrack: MediaStreamTrack | null;
  private status: PeerStatus = { connectionState: 'new', kind: null, bytesReceived: { audio: 0, video: 0 } };
  private statsTimer: ReturnType<typeof setInterval>;
  private disconnectedTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: Options) {
    this.videoTrack = options.videoTrack;
    this.pc = new RTCPeerConnection({ iceServers: options.iceServers });
    this.pc.onicecandidate = ({ candidate }) => {
      // The end-of-candidates marker is left out: it saves a message, and ICE completes without it.
      if (candidate) {
        const { sdpMid, sdpMLineIndex } = candidate;
        options.send({ candidate: { candidate: candidate.candidate, sdpMid, sdpMLineIndex } });
      }
    };
    this.pc.ontrack = ({ track }) => {
      this.remoteStream.addTrack(track);
      options.onRemoteStream(this.remoteStream);
    };
    this.pc.onconnectionstatechange = () => this.onConnectionState();
    if (options.isOfferer) {
      // Both kinds always, sending or not: the patient's camera is received even when the therapist has none, and
      // screen sharing can replace an absent camera without a new negotiation.
      this.pc.addTransceiver(options.audioTrack ?? 'audio', { direction: 'sendrecv' });
      this.pc.addTransceiver(options.videoTrack ?? 'video', { direction: 'sendrecv' });
      this.hasAttachedTracks = true;
      this.pc.onnegotiationneeded = () => this.enqueue(() => this.sendOffer());
    }
    this.statsTimer = setInterval(() => {
      // A connection closed meanwhile has no statistics any more; the next call reports its own.
      this.readStats().catch(() => {});
    }, STATS_INTERVAL_MS);
  }

  /** A description or candidate from the other side, via the signalling server. */
  receive(payload: SignalPayload): void {
    this.enqueue(async () => {
      if ('description' in payload) await this.onDescription(payload.description);
      else if (payload.candidate) await this.onCandidate(payload.candidate);
    });
  }

  /** The camera, or the shared screen instead: replaced on the sender, the other side needs no new negotiation. */
  async replaceVideoTrack(track: MediaStreamTrack | null): Promise<void> {
    this.videoTrack = track;
    const sender = this.transceiverOf('video')?.sender;
    if (sender && this.hasAttachedTracks) await sender.replaceTrack(track);
  }

  close(): void {
    clearInterval(this.statsTimer);
    clearTimeout(this.disconnectedTimer);
    this.pc.onicecandidate = null;
    this.pc.ontrack = null;
    this.pc.onconnectionstatechange = null;
    this.pc.onnegotiationneeded = null;
    this.pc.close();
  }

  private enqueue(step: () => Promise<void>): void {
    this.queue = this.queue.then(step).catch((error: unknown) => {
      // Only the error's name: descriptions and candidates (addresses) stay out of logs.
      console.warn('Video signalling step failed', error instanceof Error ? error.name : 'unknown');
    });
  }

  private async sendOffer(): Promise<void> {
    await this.pc.setLocalDescription();
    this.sendLocalDescription();
  }

  private sendLocalDescription(): void {
    const description = this.pc.localDescription;
    if (description && (description.type === 'offer' || description.type === 'answer')) {
      this.options.send({ description: { type: description.type, sdp: description.sdp } });
    }
  }

  private async onDescription(description: { type: 'offer' | 'answer'; sdp: string }): Promise<void> {
    if (description.type === 'answer') {
      // A late answer to an offer already replaced (an ICE restart) is of no use.
      if (this.pc.signalingState !== 'have-local-offer') return;
      await this.pc.setRemoteDescription(description);
    } else {
      if (this.options.isOfferer) return;
      await this.pc.setRemoteDescription(description);
      await this.attachTracks();
      await this.pc.setLocalDescription();
      this.sendLocalDescription();
    }
    for (const candidate of this.pendingCandidates.splice(0)) await this.addCandidate(candidate);
  }

  private async onCandidate(candidate: RTCIceCandidateInit): Promise<void> {
    if (!this.pc.remoteDescription) this.pendingCandidates.push(candidate);
    else await this.addCandidate(candidate);
  }

  private async addCandidate(candidate: RTCIceCandidateInit): Promise<void> {
    try {
      await this.pc.addIceCandidate(candidate);
    } catch {
      // A candidate of an earlier ICE generation (before a restart) no longer fits; the new ones follow.
    }
  }

  /** The answerer sends on the transceivers the offer created: its own tracks on each, both directions. */
  private async attachTracks(): Promise<void> {
    if (this.hasAttachedTracks) return;
    this.hasAttachedTracks = true;
    for (const kind of ['audio', 'video'] as const) {
      const transceiver = this.transceiverOf(kind);
      if (!transceiver) continue;
      const track = kind === 'audio' ? this.options.audioTrack : this.videoTrack;
      if (track) await transceiver.sender.replaceTrack(track);
      transceiver.direction = 'sendrecv';
    }
  }

  private transceiverOf(kind: 'audio' | 'video'): RTCRtpTransceiver | undefined {
    return this.pc.getTransceivers().find((transceiver) => transceiver.receiver.track.kind === kind);
  }

  private onConnectionState(): void {
    const state = this.pc.connectionState;
    this.report({ connectionState: state });
    clearTimeout(this.disconnectedTimer);
    if (!this.options.isOfferer) return;
    // The offerer restarts ICE (a new offer with fresh credentials), e.g. after a network change on a phone.
    if (state === 'failed') this.pc.restartIce();
    else if (state === 'disconnected') {
      this.disconnectedTimer = setTimeout(() => {
        if (this.pc.connectionState === 'disconnected') this.pc.restartIce();
      }, DISCONNECTED_GRACE_MS);
    }
  }

  private async readStats(): Promise<void> {
    const report = await this.pc.getStats();
    const entries: StatsEntry[] = [];
    report.forEach((entry: StatsEntry) => {
      entries.push(entry);
    });
    this.report({ kind: connectionKind(entries), bytesReceived: bytesReceived(entries) });
  }

  private report(change: Partial<PeerStatus>): void {
    this.status = { ...this.status, ...change };
    this.options.onStatus(this.status);
  }
}
