import { createHmac, randomBytes } from 'node:crypto';
import type { VideoSession } from '@praxia/shared/video/protocol';
import type { AppConfig } from '../../config.js';

/** How long derived TURN credentials stay valid after the appointment's end (or from now, if that is later). */
export const TURN_CREDENTIAL_LIFETIME_SECONDS = 3600;

/**
 * coturn's use-auth-secret scheme (the "TURN REST API" draft): the password is base64(HMAC-SHA1(secret, username)),
 * where the username starts with the Unix time at which it expires. coturn recomputes it from its static-auth-secret,
 * so nothing is stored and a leaked credential dies on its own.
 */
export function turnCredential(secret: string, username: string): string {
  return createHmac('sha1', secret).update(username).digest('base64');
}

/**
 * The ICE servers a session hands to RTCPeerConnection: the configured STUN/TURN entries, plus TURN with credentials
 * valid until an hour after `validUntil` (the appointment's end). The username's id part is random: coturn's logs
 * then name no appointment or person.
 */
export function iceServersFor(
  config: Pick<AppConfig, 'iceServers' | 'turn'>,
  validUntil: Date,
  now: Date = new Date(),
): VideoSession['iceServers'] {
  const servers: VideoSession['iceServers'] = [...config.iceServers];
  if (config.turn) {
    const from = Math.max(now.getTime(), validUntil.getTime());
    const expiry = Math.floor(from / 1000) + TURN_CREDENTIAL_LIFETIME_SECONDS;
    const username = `${expiry}:${randomBytes(8).toString('hex')}`;
    servers.push({ urls: config.turn.urls, username, credential: turnCredential(config.turn.secret, username) });
  }
  return servers;
}
