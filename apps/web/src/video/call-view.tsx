/** @jsxImportSource preact */
import { endTexts, failureText, mayRejoin } from './call-state';
import { useTexts } from './texts';
import type { useVideoCall } from './use-video-call';
import { VideoElement } from './video-element';

type Call = ReturnType<typeof useVideoCall>;
type Props = { call: Call; stream: MediaStream | null; speakerId: string };

/**
 * The joined page: waiting room (patient) or lobby (therapist) until the call starts, then the other side's picture
 * large, the own small in a corner, the connection's indicator and the controls; the end and failures in words.
 */
export function CallView({ call, stream, speakerId }: Props) {
  const { t } = useTexts();
  const { state, status } = call;

  if (state.stage === 'ended') {
    return (
      <section class="message-box" aria-live="polite" data-testid="call-ended">
        {endTexts(state.endReason).map((key) => (
          <p key={key} class="lead">
            {t(key)}
          </p>
        ))}
        <p class="muted">{t('closeTab')}</p>
      </section>
    );
  }
  if (state.stage === 'failed') {
    return (
      <section class="message-box" role="alert" data-testid="call-failed">
        <p class="lead">{t(failureText(state))}</p>
        {mayRejoin(state.errorCode) && (
          <button type="button" class="primary" onClick={call.rejoin}>
            {t('rejoin')}
          </button>
        )}
      </section>
    );
  }

  const isInCall = state.stage === 'inCall';
  const isReconnecting =
    isInCall && (status?.connectionState === 'disconnected' || status?.connectionState === 'failed');
  const notice =
    state.notice === 'socketReconnecting'
      ? t('socketReconnecting')
      : isReconnecting
        ? t('iceReconnecting')
        : state.notice === 'peerLeft'
          ? t('peerLeft')
          : null;
  const ownStream = call.screenStream ?? stream;
  const hasOwnVideo = Boolean(ownStream?.getVideoTracks().length) && !call.controls.isCameraOff;

  return (
    <section class="call" aria-label={t('title')}>
      <div class="stage">
        {isInCall ? (
          <VideoElement stream={call.remoteStream} label={t('remoteVideo')} speakerId={speakerId} class="remote" />
        ) : (
          <div class="stage-text">
            <WaitingText call={call} />
          </div>
        )}
        {hasOwnVideo && (
          <VideoElement
            stream={ownStream}
            label={t('ownPreview')}
            isOwn
            class={call.controls.isSharing ? 'own' : 'own mirrored'}
          />
        )}
      </div>
      <div class="status-line" aria-live="polite">
        {notice && (
          <p class="notice" data-testid="call-notice">
            {notice}
          </p>
        )}
        {isInCall && status?.connectionState === 'connected' && status.kind && (
          <p class={`secure ${status.kind}`} data-testid="connection-kind">
            <LockIcon /> {t(status.kind === 'direct' ? 'direct' : 'relay')}
          </p>
        )}
      </div>
      <Controls call={call} />
    </section>
  );
}

function WaitingText({ call }: { call: Call }) {
  const { t } = useTexts();
  const { state } = call;
  if (state.stage === 'connecting') return <p role="status">{t('connecting')}</p>;
  if (state.role === 'patient') {
    return (
      <p role="status" class="lead" data-testid="waiting-room">
        {t('waitingRoom')}
      </p>
    );
  }
  return state.isPatientWaiting ? (
    <div class="admit">
      <p role="status" class="lead" data-testid="patient-waiting">
        {t('patientWaiting')}
      </p>
      <button type="button" class="primary" onClick={call.admit} data-testid="admit">
        {t('admit')}
      </button>
    </div>
  ) : (
    <p role="status" data-testid="lobby">
      {t('lobbyEmpty')}
    </p>
  );
}

function Controls({ call }: { call: Call }) {
  const { t } = useTexts();
  const { controls } = call;
  return (
    <div class="controls">
      <button type="button" onClick={call.toggleMute} data-testid="toggle-mute">
        {controls.isMuted ? t('unmute') : t('mute')}
      </button>
      <button type="button" onClick={call.toggleCamera} data-testid="toggle-camera">
        {controls.isCameraOff ? t('cameraOn') : t('cameraOff')}
      </button>
      {call.canShareScreen && (
        <button
          type="button"
          onClick={call.toggleScreen}
          disabled={call.state.stage !== 'inCall'}
          data-testid="toggle-screen"
        >
          {controls.isSharing ? t('stopSharing') : t('shareScreen')}
        </button>
      )}
      <button type="button" class="danger" onClick={call.hangUp} data-testid="hang-up">
        {t('hangUp')}
      </button>
      {controls.hasShareFailed && (
        <p role="alert" class="problem">
          {t('shareFailed')}
        </p>
      )}
    </div>
  );
}

const LockIcon = () => (
  <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z"
    />
  </svg>
);
