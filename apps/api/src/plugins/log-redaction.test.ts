import { describe, expect, it } from 'vitest';
import { readConfig } from '../config.js';
import { redactEmails, redactUrl, serializeError } from './log-redaction.js';

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

describe('serializeError', () => {
  it('keeps class, message and stack of an ordinary error', () => {
    const logged = serializeError(new TypeError('boom'));
    expect(logged).toMatchObject({ type: 'TypeError', message: 'boom' });
    expect(logged.stack).toContain('TypeError: boom');
  });

  it('keeps only the kind and names of a database error, never the values it quotes', () => {
    const driverError = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_unique"'),
      {
        severity: 'ERROR',
        code: '23505',
        detail: 'Key (lower(email))=(anna@example.org) already exists.',
        constraint: 'users_email_unique',
        table: 'users',
      },
    );
    const queryError = Object.assign(new Error('Failed query: insert …\nparams: anna@example.org,$argon2id$hash'), {
      query: 'insert into "users" ("email") values ($1)',
      params: ['anna@example.org', '$argon2id$hash'],
      cause: driverError,
    });
    const logged = serializeError(queryError);
    expect(logged.cause).toMatchObject({ code: '23505', constraint: 'users_email_unique', table: 'users' });
    const text = JSON.stringify(logged);
    for (const secret of ['anna@example.org', '$argon2id$hash', 'Key (', 'insert into'])
      expect(text).not.toContain(secret);
  });
});

describe('log level', () => {
  it('is warn by default, so request lines (info) stay out of the start-up output', () => {
    expect(readConfig({}).logLevel).toBe('warn');
  });
});

describe('redactEmails', () => {
  it('hides the addresses an SMTP refusal quotes', () => {
    expect(
      redactEmails("Can't send mail - all recipients were rejected: 550 5.1.1 <anna.b@example.org>: unknown"),
    ).toBe("Can't send mail - all recipients were rejected: 550 5.1.1 <***>: unknown");
  });
});
