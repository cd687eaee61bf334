import { useEffect, useState } from 'preact/hooks';
import { recheckDelayMs } from './session-window';
import { loadSession, type SessionResult } from './video-api';

export type SessionLoad = SessionResult | { kind: 'loading' };

/**
 * The session behind the token. While it is too early the page asks again by itself (at the opening minute, and
 * every 30 s at most, since the appointment may move); `reload` tries again after a failed load.
 */
export function useSession(token: string | null): { load: SessionLoad; reload: () => void } {
  const [load, setLoad] = useState<SessionLoad>(token ? { kind: 'loading' } : { kind: 'invalid' });
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round (re-check, retry) loads the session again.
  useEffect(() => {
    if (!token) return;
    let isCurrent = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void loadSession(token).then((result) => {
      if (!isCurrent) return;
      setLoad(result);
      if (result.kind === 'loaded' && result.session.status === 'tooEarly') {
        const delay = recheckDelayMs(result.session.appointment.appointmentStart, new Date());
        timer = setTimeout(() => setRound((value) => value + 1), delay);
      }
    });
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [token, round]);

  return {
    load,
    reload: () => {
      setLoad({ kind: 'loading' });
      setRound((value) => value + 1);
    },
  };
}
