import { describe, expect, it } from 'vitest';
import { levelOf } from './audio-level';
import { signalUrl } from './signalling-socket';
import { readToken } from './video-api';

describe('readToken', () => {
  it('reads the one segment after /video/ and refuses anything else', () => {
    expect(readToken('/video/AbC-123_xyz')).toBe('AbC-123_xyz');
    for (const path of ['/video/', '/video/abc/def', '/video/a%20b', '/video/a.b']) {
      expect(readToken(path), path).toBeNull();
    }
  });
});

describe('signalUrl', () => {
  it('uses the page origin, wss behind https', () => {
    expect(signalUrl({ protocol: 'https:', host: 'praxia.example' })).toBe('wss://praxia.example/api/video/signal');
    expect(signalUrl({ protocol: 'http:', host: '127.0.0.1:3000' })).toBe('ws://127.0.0.1:3000/api/video/signal');
  });
});

describe('levelOf', () => {
  it('is 0 for silence and grows with loudness up to 1', () => {
    expect(levelOf(new Uint8Array(64).fill(128))).toBe(0);
    const quiet = levelOf(new Uint8Array(64).map((_, index) => (index % 2 ? 136 : 120)));
    const loud = levelOf(new Uint8Array(64).map((_, index) => (index % 2 ? 200 : 56)));
    expect(quiet).toBeGreaterThan(0);
    expect(loud).toBeGreaterThan(quiet);
    expect(levelOf(new Uint8Array(64).map((_, index) => (index % 2 ? 255 : 0)))).toBe(1);
    expect(levelOf(new Uint8Array(0))).toBe(0);
  });
});
