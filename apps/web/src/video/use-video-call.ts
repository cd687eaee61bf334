import type { VideoSession } from '@praxia/shared/video/protocol';
import { useEffect, useReducer, useRef, useState } from 'preact/hooks';
import { callReducer, initialCallState } from './call-state';
import { PeerCall, type PeerStatus } from './peer-call';
import { publishForTests } from './published-state';
import { SignallingSocket, signalUrl } from './signalling-socket';

export type Controls = { isMuted: boolean; isCameraOff: boolean; isSharing: boolean; hasShareFailed: boolean };

/**
 * The joined page: the signalling socket, the call state, and one PeerCall per `start`. The peer connection is made
 * right in the socket's message handler (not after a render), so the other side's offer cannot arrive before it.
 */
export function useVideoCall(token: string, session: VideoSession, stream: MediaStream | null) {
  const [state, dispatch] = useReducer(callReducer, session.role, initialCallState);
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null);
  const [status, setStatus] = useState<PeerStatus | null>(null);
  const [controls, setControls] = useState<Controls>({
    isMuted: false,
    isCameraOff: false,
    isSharing: false,
    hasShareFailed: false,
  });
  const [screenStream, setScreenStream] = useState<MediaStream | null>(null);
  const [socketRound, setSocketRound] = useState(0);
  const socketRef = useRef<SignallingSocket | null>(null);
  const peerRef = useRef<PeerCall | null>(null);
  const screenRef = useRef<MediaStreamTrack | null>(null);
  const audioTrack = stream?.getAudioTracks()[0] ?? null;
  const cameraTrack = stream?.getVideoTracks()[0] ?? null;

  const closePeer = () => {
    peerRef.current?.close();
    peerRef.current = null;
    setRemoteStream(null);
    setStatus(null);
  };

  const startPeer = (isOfferer: boolean) => {
    closePeer();
    peerRef.current = new PeerCall({
      iceServers: session.iceServers,
      isOfferer,
      audioTrack,
      videoTrack: screenRef.current ?? cameraTrack,
      send: (payload) => socketRef.current?.send({ type: 'signal', payload }),
      onRemoteStream: setRemoteStream,
      onStatus: setStatus,
    });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: one socket per page (and per rejoin after a failure).
  useEffect(() => {
    const socket = new SignallingSocket(signalUrl(window.location), token, {
      onMessage: (message) => {
        if (message.type === 'signal') return peerRef.current?.receive(message.payload);
        if (message.type === 'start') startPeer(message.isOfferer);
        else if (['peerLeft', 'waiting', 'ended', 'error'].includes(message.type)) closePeer();
        dispatch({ type: 'server', message });
      },
      onLost: () => dispatch({ type: 'socketLost' }),
    });
    socketRef.current = socket;
    socket.open();
    return () => {
      socket.close();
      closePeer();
    };
  }, [token, socketRound]);

  useEffect(() => publishForTests(state.stage, status), [state.stage, status]);

  const stopSharing = () => {
    const screen = screenRef.current;
    if (!screen) return;
    screenRef.current = null;
    screen.stop();
    setScreenStream(null);
    void peerRef.current?.replaceVideoTrack(cameraTrack);
    setControls((current) => ({ ...current, isSharing: false }));
  };

  const shareScreen = async () => {
    try {
      const display = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
      const screen = display.getVideoTracks()[0];
      if (!screen) return;
      screenRef.current = screen;
      setScreenStream(display);
      // The browser's own "stop sharing" bar ends the track: the camera comes back.
      screen.addEventListener('ended', stopSharing);
      await peerRef.current?.replaceVideoTrack(screen);
      setControls((current) => ({ ...current, isSharing: true, hasShareFailed: false }));
    } catch (error) {
      // Cancelling the browser's picker is no failure worth a message.
      const isCancelled = error instanceof DOMException && error.name === 'NotAllowedError';
      setControls((current) => ({ ...current, hasShareFailed: !isCancelled }));
    }
  };

  return {
    state,
    remoteStream,
    status,
    controls,
    /** The shared screen, shown as the own picture while shared. */
    screenStream,
    canShareScreen: session.role === 'therapist' && Boolean(navigator.mediaDevices?.getDisplayMedia),
    admit: () => socketRef.current?.send({ type: 'admit' }),
    toggleMute: () => {
      if (audioTrack) audioTrack.enabled = controls.isMuted;
      setControls((current) => ({ ...current, isMuted: !current.isMuted }));
    },
    toggleCamera: () => {
      if (cameraTrack) cameraTrack.enabled = controls.isCameraOff;
      setControls((current) => ({ ...current, isCameraOff: !current.isCameraOff }));
    },
    toggleScreen: () => (screenRef.current ? stopSharing() : void shareScreen()),
    hangUp: () => {
      socketRef.current?.send({ type: 'hangUp' });
      socketRef.current?.close();
      stopSharing();
      closePeer();
      dispatch({ type: 'hungUpHere' });
    },
    rejoin: () => {
      dispatch({ type: 'rejoin' });
      setSocketRound((round) => round + 1);
    },
  };
}
