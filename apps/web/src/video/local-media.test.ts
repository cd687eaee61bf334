import { describe, expect, it } from 'vitest';
import { deviceErrorKey, problemText } from './device-errors';
import { translator } from './i18n';
import { openLocalMedia, sortDevices } from './local-media';

const domError = (name: string) => Object.assign(new Error(name), { name });
const fakeStream = (label: string) => ({ label }) as unknown as MediaStream;

/** A getUserMedia whose answer depends on which kinds are asked for. */
function fakeMedia(answer: (kinds: { audio: boolean; video: boolean }) => MediaStream | Error) {
  const calls: { audio: boolean; video: boolean }[] = [];
  return {
    calls,
    media: {
      getUserMedia: async (constraints?: MediaStreamConstraints) => {
        const kinds = { audio: Boolean(constraints?.audio), video: Boolean(constraints?.video) };
        calls.push(kinds);
        const result = answer(kinds);
        if (result instanceof Error) throw result;
        return result;
      },
    },
  };
}

describe('deviceErrorKey', () => {
  it('tells refused, missing, busy and unsupported apart', () => {
    expect(deviceErrorKey(domError('NotAllowedError'))).toBe('device.notAllowed');
    expect(deviceErrorKey(domError('SecurityError'))).toBe('device.notAllowed');
    expect(deviceErrorKey(domError('NotFoundError'))).toBe('device.notFound');
    expect(deviceErrorKey(domError('OverconstrainedError'))).toBe('device.notFound');
    expect(deviceErrorKey(domError('NotReadableError'))).toBe('device.busy');
    expect(deviceErrorKey(new TypeError('no mediaDevices'))).toBe('device.unsupported');
    expect(deviceErrorKey(domError('SomethingNew'))).toBe('device.failed');
    expect(deviceErrorKey('not an error')).toBe('device.failed');
  });

  it('names the device in the message', () => {
    expect(problemText({ device: 'camera', key: 'device.notAllowed' }, translator('de'))).toMatch(
      /^Der Zugriff auf die Kamera wurde nicht erlaubt\./,
    );
    expect(problemText({ device: 'microphone', key: 'device.busy' }, translator('en'))).toMatch(
      /^The device \(the microphone\) is being used by another program\./,
    );
  });
});

describe('openLocalMedia', () => {
  it('opens camera and microphone together when both work', async () => {
    const { media, calls } = fakeMedia(() => fakeStream('both'));
    expect(await openLocalMedia({ cameraId: '', microphoneId: '' }, media)).toEqual({
      stream: fakeStream('both'),
      problems: [],
    });
    expect(calls).toEqual([{ audio: true, video: true }]);
  });

  it('keeps the microphone when the camera is refused: the visitor joins by voice', async () => {
    const { media } = fakeMedia(({ video }) => (video ? domError('NotAllowedError') : fakeStream('audio')));
    expect(await openLocalMedia({ cameraId: '', microphoneId: '' }, media)).toEqual({
      stream: fakeStream('audio'),
      problems: [{ device: 'camera', key: 'device.notAllowed' }],
    });
  });

  it('keeps the camera when only the microphone is busy', async () => {
    const { media } = fakeMedia(({ audio }) => (audio ? domError('NotReadableError') : fakeStream('video')));
    expect(await openLocalMedia({ cameraId: '', microphoneId: '' }, media)).toEqual({
      stream: fakeStream('video'),
      problems: [{ device: 'microphone', key: 'device.busy' }],
    });
  });

  it('reports both when neither can be had, and an unsupported browser without asking', async () => {
    const { media } = fakeMedia(() => domError('NotFoundError'));
    expect(await openLocalMedia({ cameraId: '', microphoneId: '' }, media)).toEqual({
      stream: null,
      problems: [{ device: 'both', key: 'device.notFound' }],
    });
    expect(await openLocalMedia({ cameraId: '', microphoneId: '' }, undefined)).toEqual({
      stream: null,
      problems: [{ device: 'both', key: 'device.unsupported' }],
    });
  });

  it('asks for exactly the chosen devices', async () => {
    const seen: MediaStreamConstraints[] = [];
    const media = {
      getUserMedia: async (constraints?: MediaStreamConstraints) => {
        seen.push(constraints ?? {});
        return fakeStream('both');
      },
    };
    await openLocalMedia({ cameraId: 'cam-2', microphoneId: 'mic-3' }, media);
    expect(seen[0]?.audio).toEqual({ deviceId: { exact: 'mic-3' } });
    expect(seen[0]?.video).toMatchObject({ deviceId: { exact: 'cam-2' } });
  });
});

describe('sortDevices', () => {
  it("sorts by kind and leaves out Chromium's default aliases", () => {
    const device = (kind: MediaDeviceKind, deviceId: string) =>
      ({ kind, deviceId, label: deviceId }) as MediaDeviceInfo;
    const lists = sortDevices([
      device('audioinput', 'default'),
      device('audioinput', 'mic-1'),
      device('audioinput', 'communications'),
      device('videoinput', 'cam-1'),
      device('audiooutput', 'out-1'),
      device('videoinput', ''),
    ]);
    expect(lists.microphones.map((entry) => entry.deviceId)).toEqual(['mic-1']);
    expect(lists.cameras.map((entry) => entry.deviceId)).toEqual(['cam-1']);
    expect(lists.speakers.map((entry) => entry.deviceId)).toEqual(['out-1']);
  });
});
