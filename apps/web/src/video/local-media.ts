import { deviceErrorKey, type MediaProblem } from './device-errors';

/*
 * Camera and microphone for the call. When both cannot be had together, the page finds out which one fails and
 * keeps the other: a patient whose camera is refused or busy can still join by voice.
 */

/** '' stands for the browser's default device. */
export type DeviceChoice = { cameraId: string; microphoneId: string; speakerId: string };
export const DEFAULT_CHOICE: DeviceChoice = { cameraId: '', microphoneId: '', speakerId: '' };

export type OpenedMedia = { stream: MediaStream | null; problems: MediaProblem[] };
type Attempt = { stream: MediaStream; error?: undefined } | { stream?: undefined; error: unknown };

const audioConstraints = (id: string): MediaTrackConstraints | boolean =>
  id ? { deviceId: { exact: id } } : { echoCancellation: true, noiseSuppression: true };
// 720p at most: WebRTC lowers it further by itself when the connection is poor.
const videoConstraints = (id: string): MediaTrackConstraints => ({
  ...(id ? { deviceId: { exact: id } } : { facingMode: 'user' }),
  width: { ideal: 1280 },
  height: { ideal: 720 },
});

export async function openLocalMedia(
  choice: Pick<DeviceChoice, 'cameraId' | 'microphoneId'>,
  media: Pick<MediaDevices, 'getUserMedia'> | undefined = globalThis.navigator?.mediaDevices,
): Promise<OpenedMedia> {
  if (!media?.getUserMedia) return { stream: null, problems: [{ device: 'both', key: 'device.unsupported' }] };
  const attempt = (constraints: MediaStreamConstraints): Promise<Attempt> =>
    media.getUserMedia(constraints).then(
      (stream) => ({ stream }),
      (error: unknown) => ({ error }),
    );
  const audio = audioConstraints(choice.microphoneId);
  const video = videoConstraints(choice.cameraId);
  const both = await attempt({ audio, video });
  if (both.stream) return { stream: both.stream, problems: [] };
  const audioOnly = await attempt({ audio });
  if (audioOnly.stream)
    return { stream: audioOnly.stream, problems: [{ device: 'camera', key: deviceErrorKey(both.error) }] };
  const videoOnly = await attempt({ video });
  if (videoOnly.stream) {
    return { stream: videoOnly.stream, problems: [{ device: 'microphone', key: deviceErrorKey(audioOnly.error) }] };
  }
  return { stream: null, problems: [{ device: 'both', key: deviceErrorKey(both.error) }] };
}

export type DeviceLists = { cameras: MediaDeviceInfo[]; microphones: MediaDeviceInfo[]; speakers: MediaDeviceInfo[] };

/**
 * The devices by kind; the browser names them only once access was granted. Chromium's 'default' and
 * 'communications' entries repeat a real device and are the page's own "Standard" choice already.
 */
export function sortDevices(devices: readonly MediaDeviceInfo[]): DeviceLists {
  const isAlias = (id: string) => id === '' || id === 'default' || id === 'communications';
  const ofKind = (kind: MediaDeviceKind) =>
    devices.filter((device) => device.kind === kind && !isAlias(device.deviceId));
  return { cameras: ofKind('videoinput'), microphones: ofKind('audioinput'), speakers: ofKind('audiooutput') };
}

/** Whether the browser can send audio to a chosen speaker (Chromium, Firefox ≥ 116; not Safari on the phone). */
export const canChooseSpeaker = () =>
  typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;

export const stopTracks = (stream: MediaStream | null) => {
  for (const track of stream?.getTracks() ?? []) track.stop();
};
