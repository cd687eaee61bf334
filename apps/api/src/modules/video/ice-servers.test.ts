import { describe, expect, it } from 'vitest';
import { iceServersFor, turnCredential } from './ice-servers.js';

describe('TURN credentials (coturn use-auth-secret)', () => {
  it('match a credential computed outside the app', () => {
    // printf '%s' '1700000000:praxia' | openssl dgst -sha1 -hmac north -binary | base64
    expect(turnCredential('north', '1700000000:praxia')).toBe('Ml6zOBxZ/J/QAy/7atTVOzg037E=');
  });

  it('are added to the configured servers with an expiry an hour after the appointment ends', () => {
    const config = {
      iceServers: [{ urls: 'stun:stun.example.org' }],
      turn: { secret: 'a-long-shared-secret', urls: ['turn:turn.example.org:3478'] },
    };
    const now = new Date('2031-01-06T08:00:00Z');
    const end = new Date('2031-01-06T09:50:00Z');
    const [stun, turn] = iceServersFor(config, end, now);
    expect(stun).toEqual({ urls: 'stun:stun.example.org' });
    const [expiry, id] = (turn?.username ?? '').split(':');
    expect(Number(expiry)).toBe(end.getTime() / 1000 + 3600);
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(turn).toMatchObject({ urls: ['turn:turn.example.org:3478'] });
    expect(turn?.credential).toBe(turnCredential('a-long-shared-secret', turn?.username ?? ''));
  });

  it('are absent without configuration (a local network needs none)', () => {
    expect(iceServersFor({ iceServers: [], turn: null }, new Date())).toEqual([]);
  });
});
