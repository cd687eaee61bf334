import { useEffect, useRef, useState } from 'preact/hooks';
import {
  DEFAULT_CHOICE,
  type DeviceChoice,
  type DeviceLists,
  type OpenedMedia,
  openLocalMedia,
  sortDevices,
  stopTracks,
} from './local-media';

export type LocalMedia = OpenedMedia & {
  isOpening: boolean;
  devices: DeviceLists;
  choice: DeviceChoice;
  choose: (change: Partial<DeviceChoice>) => void;
  /** Camera and microphone off for good (the call ended): the browser's recording light goes out. */
  release: () => void;
};

const NO_DEVICES: DeviceLists = { cameras: [], microphones: [], speakers: [] };

/** Opens camera and microphone on the page's start, again on every other choice of device, and lists the devices. */
export function useLocalMedia(): LocalMedia {
  const [opened, setOpened] = useState<OpenedMedia>({ stream: null, problems: [] });
  const [isOpening, setOpening] = useState(true);
  const [devices, setDevices] = useState<DeviceLists>(NO_DEVICES);
  const [choice, setChoice] = useState<DeviceChoice>(DEFAULT_CHOICE);
  const [isReleased, setReleased] = useState(false);
  const streamRef = useRef<MediaStream | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only another camera or microphone opens the media again, not another speaker.
  useEffect(() => {
    if (isReleased) return;
    let isCurrent = true;
    setOpening(true);
    // The old devices go first: some cameras cannot be opened twice.
    stopTracks(streamRef.current);
    void openLocalMedia(choice).then(async (result) => {
      if (!isCurrent) return stopTracks(result.stream);
      streamRef.current = result.stream;
      setOpened(result);
      setOpening(false);
      const list = await navigator.mediaDevices?.enumerateDevices?.().catch(() => []);
      if (isCurrent && list) setDevices(sortDevices(list));
    });
    return () => {
      isCurrent = false;
    };
  }, [choice.cameraId, choice.microphoneId, isReleased]);

  useEffect(() => {
    const mediaDevices = navigator.mediaDevices;
    if (!mediaDevices?.addEventListener) return;
    // A headset plugged in or out appears in the lists at once.
    const refresh = () => void mediaDevices.enumerateDevices().then((list) => setDevices(sortDevices(list)));
    mediaDevices.addEventListener('devicechange', refresh);
    const stop = () => stopTracks(streamRef.current);
    window.addEventListener('pagehide', stop);
    return () => {
      mediaDevices.removeEventListener('devicechange', refresh);
      window.removeEventListener('pagehide', stop);
      stop();
    };
  }, []);

  return {
    ...opened,
    isOpening,
    devices,
    choice,
    choose: (change) => setChoice((current) => ({ ...current, ...change })),
    release: () => {
      stopTracks(streamRef.current);
      setReleased(true);
    },
  };
}
