import { VIDEO_PAGE_PREFIX, type VideoSession } from '@praxia/shared/video/protocol';

/*
 * The page's one HTTP call, with plain fetch (no API client: the first view stays small) and without cookies: the
 * token alone says who the visitor is, for the therapist as for the patient.
 */

export type SessionResult = { kind: 'loaded'; session: VideoSession } | { kind: 'invalid' } | { kind: 'failed' };

/** The token of /video/{token}; null when the address has none (or more than one segment after it). */
export function readToken(pathname: string): string | null {
  const rest = pathname.slice(VIDEO_PAGE_PREFIX.length);
  return /^[\w-]{1,512}$/.test(rest) ? rest : null;
}

/** POST /api/video/session { token }: what the token is for; 404 (or a malformed token's 422) means an invalid link. */
export async function loadSession(token: string): Promise<SessionResult> {
  try {
    const response = await fetch('/api/video/session', {
      method: 'POST',
      credentials: 'omit',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ token }),
    });
    if (response.ok) return { kind: 'loaded', session: (await response.json()) as VideoSession };
    return response.status === 404 || response.status === 422 ? { kind: 'invalid' } : { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}
