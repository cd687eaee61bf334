import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.js';

describe('redactUrl', () => {
  it.each([
    ['/api/user/password/abc123', '/api/user/password/***'],
    ['/api/user/password/reset', '/api/user/password/***'],
    ['/api/user/confirm-registration/tok?x=1', '/api/user/confirm-registration/***?x=1'],
    ['/api/security-token/search?token=secret&a=b', '/api/security-token/search?token=***&a=b'],
    ['/password/set/abc', '/password/set/***'],
    ['/email/set/abc', '/email/set/***'],
    ['/registration/confirm/abc', '/registration/confirm/***'],
    ['/api/customer?limit=50', '/api/customer?limit=50'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
