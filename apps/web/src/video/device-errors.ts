import type { TextKey, Translate } from './i18n';

/*
 * What went wrong with camera or microphone, in words a patient can act on. getUserMedia names its failures by
 * DOMException name; older browsers used other names for the same cases.
 */

export type DeviceErrorKey = Extract<TextKey, `device.${string}`>;
export type MediaDevice = 'camera' | 'microphone' | 'both';
export type MediaProblem = { device: MediaDevice; key: DeviceErrorKey };

const KEY_BY_NAME: Record<string, DeviceErrorKey> = {
  NotAllowedError: 'device.notAllowed',
  PermissionDeniedError: 'device.notAllowed',
  SecurityError: 'device.notAllowed',
  NotFoundError: 'device.notFound',
  DevicesNotFoundError: 'device.notFound',
  // A chosen device that is gone (unplugged) no longer satisfies its exact id.
  OverconstrainedError: 'device.notFound',
  NotReadableError: 'device.busy',
  TrackStartError: 'device.busy',
  AbortError: 'device.busy',
  // No mediaDevices at all: an old browser, or a page not served over HTTPS.
  TypeError: 'device.unsupported',
};

export function deviceErrorKey(error: unknown): DeviceErrorKey {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  return KEY_BY_NAME[name] ?? 'device.failed';
}

const DEVICE_WORDS = { camera: 'theCamera', microphone: 'theMicrophone', both: 'cameraAndMicrophone' } as const;

/** "Der Zugriff auf die Kamera wurde nicht erlaubt. …" */
export const problemText = (problem: MediaProblem, t: Translate): string =>
  t(problem.key, { device: t(DEVICE_WORDS[problem.device]) });
