/** @jsxImportSource preact */
import type { VideoSession } from '@praxia/shared/video/protocol';
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { CallView } from './call-view';
import { MediaCheck } from './media-check';
import { appointmentLine, tooEarlyText } from './session-window';
import { useTexts } from './texts';
import { useLocalMedia } from './use-local-media';
import { useSession } from './use-session';
import { useVideoCall } from './use-video-call';

/** The video page: the token's session, then (when open) the device check, then the call. */
export function VideoApp({ token }: { token: string | null }) {
  const { t } = useTexts();
  const { load, reload } = useSession(token);

  if (load.kind === 'loading') return <Frame lines={<p role="status">{t('loading')}</p>} />;
  if (load.kind === 'invalid') return <Frame lines={<Message testId="invalid-link">{t('invalidLink')}</Message>} />;
  if (load.kind === 'failed') {
    return (
      <Frame
        lines={
          <Message testId="load-failed">
            {t('loadFailed')}{' '}
            <button type="button" class="link-button" onClick={reload}>
              {t('retry')}
            </button>
          </Message>
        }
      />
    );
  }
  const { session } = load;
  if (session.status === 'tooEarly') {
    return (
      <Frame session={session}>
        <Message testId="too-early">{tooEarlyText(session.appointment.appointmentStart, t)}</Message>
        <p class="muted">{t('tooEarlyRecheck')}</p>
      </Frame>
    );
  }
  if (session.status === 'ended') {
    return (
      <Frame session={session}>
        <Message testId="session-ended">{t('sessionEnded')}</Message>
      </Frame>
    );
  }
  return <OpenSession token={token ?? ''} session={session} />;
}

/** An open session: camera and microphone are asked for only now, not on an invalid or early link. */
function OpenSession({ token, session }: { token: string; session: VideoSession }) {
  const media = useLocalMedia();
  const [hasJoined, setJoined] = useState(false);
  return (
    <Frame session={session} isWide={hasJoined}>
      {hasJoined ? (
        <JoinedCall
          token={token}
          session={session}
          stream={media.stream}
          speakerId={media.choice.speakerId}
          release={media.release}
        />
      ) : (
        <MediaCheck media={media} onJoin={() => setJoined(true)} />
      )}
    </Frame>
  );
}

type JoinedProps = {
  token: string;
  session: VideoSession;
  stream: MediaStream | null;
  speakerId: string;
  release: () => void;
};

function JoinedCall({ token, session, stream, speakerId, release }: JoinedProps) {
  const call = useVideoCall(token, session, stream);
  const isEnded = call.state.stage === 'ended';
  // After the end, camera and microphone go off: nothing keeps recording in a forgotten tab.
  // biome-ignore lint/correctness/useExhaustiveDependencies: release is the media hook's and stays the same in effect.
  useEffect(() => {
    if (isEnded) release();
  }, [isEnded]);
  return <CallView call={call} stream={stream} speakerId={speakerId} />;
}

function Frame({
  session,
  isWide = false,
  lines,
  children,
}: {
  session?: VideoSession;
  isWide?: boolean;
  lines?: ComponentChildren;
  children?: ComponentChildren;
}) {
  const { t } = useTexts();
  return (
    <main class={isWide ? 'page wide' : 'page'}>
      <header class="page-header">
        <h1>{t('title')}</h1>
        {session && <p class="muted">{appointmentLine(session, t)}</p>}
      </header>
      {lines}
      {children}
    </main>
  );
}

const Message = ({ testId, children }: { testId: string; children: ComponentChildren }) => (
  <p class="lead message" data-testid={testId}>
    {children}
  </p>
);
