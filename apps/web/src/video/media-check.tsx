/** @jsxImportSource preact */
import { problemText } from './device-errors';
import type { TextKey } from './i18n';
import { LevelMeter } from './level-meter';
import { canChooseSpeaker } from './local-media';
import { useTexts } from './texts';
import type { LocalMedia } from './use-local-media';
import { VideoElement } from './video-element';

/**
 * Before joining: the own picture (muted), the microphone's level, the choice of camera, microphone and — where the
 * browser can — loudspeaker, and "Beitreten". A refused or missing camera still lets the visitor join by voice.
 */
export function MediaCheck({ media, onJoin }: { media: LocalMedia; onJoin: () => void }) {
  const { t } = useTexts();
  const { stream, problems, devices, choice } = media;
  const audioTrack = stream?.getAudioTracks()[0];
  const hasVideo = Boolean(stream?.getVideoTracks().length);
  const joinHint: TextKey | null =
    problems.length === 0 ? null : stream && !hasVideo ? 'joinAudioOnly' : 'joinWithoutMedia';
  const hasDevicePicker = devices.cameras.length + devices.microphones.length > 0;

  return (
    <section class="check" aria-labelledby="check-title">
      <h2 id="check-title">{t('checkTitle')}</h2>
      <p class="muted">{t('checkIntro')}</p>
      <div class="check-grid">
        <div class="preview-box">
          {hasVideo ? (
            <VideoElement stream={stream} label={t('ownPreview')} isOwn class="preview mirrored" />
          ) : (
            <div class="preview placeholder" aria-hidden="true" />
          )}
        </div>
        <div class="check-side">
          {media.isOpening && (
            <p role="status" class="muted">
              {t('loading')}
            </p>
          )}
          {problems.map((problem) => (
            <p key={problem.device} role="alert" class="problem" data-testid="device-problem">
              {problemText(problem, t)}
            </p>
          ))}
          {audioTrack && <LevelMeter track={audioTrack} />}
          {hasDevicePicker && (
            <div class="devices">
              <DeviceSelect
                id="camera"
                label={t('camera')}
                kindWord={t('camera')}
                devices={devices.cameras}
                value={choice.cameraId}
                onChange={(cameraId) => media.choose({ cameraId })}
              />
              <DeviceSelect
                id="microphone"
                label={t('microphone')}
                kindWord={t('microphone')}
                devices={devices.microphones}
                value={choice.microphoneId}
                onChange={(microphoneId) => media.choose({ microphoneId })}
              />
              {canChooseSpeaker() && devices.speakers.length > 0 && (
                <DeviceSelect
                  id="speaker"
                  label={t('speaker')}
                  kindWord={t('speaker')}
                  devices={devices.speakers}
                  value={choice.speakerId}
                  onChange={(speakerId) => media.choose({ speakerId })}
                />
              )}
            </div>
          )}
          {joinHint && <p class="muted">{t(joinHint)}</p>}
          <button type="button" class="primary" onClick={onJoin} disabled={media.isOpening} data-testid="join">
            {t('join')}
          </button>
        </div>
      </div>
    </section>
  );
}

type SelectProps = {
  id: string;
  label: string;
  kindWord: string;
  devices: MediaDeviceInfo[];
  value: string;
  onChange: (deviceId: string) => void;
};

function DeviceSelect({ id, label, kindWord, devices, value, onChange }: SelectProps) {
  const { t } = useTexts();
  if (devices.length === 0) return null;
  return (
    <div class="field">
      <label for={`device-${id}`}>{label}</label>
      <select
        id={`device-${id}`}
        value={value}
        onChange={(event) => onChange((event.target as HTMLSelectElement).value)}
      >
        <option value="">{t('defaultDevice')}</option>
        {devices.map((device, index) => (
          <option key={device.deviceId} value={device.deviceId}>
            {device.label || t('deviceUnnamed', { kind: kindWord, number: String(index + 1) })}
          </option>
        ))}
      </select>
    </div>
  );
}
