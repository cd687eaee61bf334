import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { ConfigError } from './config.js';
import { describeStartupFailure } from './startup-failure.js';

const embedded = { dataDir: '/srv/praxia/data', port: 3000 };
const postgres = { ...embedded, databaseUrl: 'postgres://praxia:s3cret@db.example:5433/praxia' };
const errno = (code: string, syscall = 'open') => Object.assign(new Error(`${code}: failed`), { code, syscall });
const wrapped = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

describe('describeStartupFailure', () => {
  it('names an unwritable or full data directory', () => {
    expect(describeStartupFailure(errno('EACCES'), embedded)).toMatch(/DATA_DIR \/srv\/praxia\/data is not writable/);
    expect(describeStartupFailure(errno('EROFS'), embedded)).toMatch(/not writable \(EROFS\)/);
    expect(describeStartupFailure(wrapped(errno('ENOSPC', 'write')), embedded)).toMatch(/disk is full/);
  });

  it('names a missing database, wrong credentials, a refused connection and a silent server', () => {
    expect(describeStartupFailure(wrapped(errno('3D000')), postgres)).toBe(
      'The database at db.example:5433/praxia does not exist: create it (createdb), or correct DATABASE_URL.',
    );
    expect(describeStartupFailure(errno('28P01'), postgres)).toMatch(/user name or password/);
    expect(describeStartupFailure(errno('ECONNREFUSED', 'connect'), postgres)).toMatch(/refuses connections/);
    expect(describeStartupFailure(new Error('timeout expired'), postgres)).toMatch(/did not answer in time/);
    expect(describeStartupFailure(errno('53100'), postgres)).toMatch(/disk is full \(PostgreSQL/);
  });

  it('never repeats the password of DATABASE_URL', () => {
    for (const code of ['3D000', '28P01', 'ECONNREFUSED', 'ENOTFOUND']) {
      expect(describeStartupFailure(errno(code), postgres)).not.toContain('s3cret');
    }
  });

  it('passes configuration errors through and leaves unknown failures to the full report', () => {
    expect(describeStartupFailure(new ConfigError('Invalid configuration: PORT'), embedded)).toBe(
      'Invalid configuration: PORT',
    );
    expect(describeStartupFailure(errno('EADDRINUSE', 'listen'), embedded)).toMatch(/Port 3000 is already in use/);
    expect(describeStartupFailure(new TypeError('x is undefined'), embedded)).toBeUndefined();
    expect(describeStartupFailure(errno('42P01'), postgres)).toBeUndefined();
  });
});
