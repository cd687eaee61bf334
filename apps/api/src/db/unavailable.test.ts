import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.js';

const withCode = (code: string, message = 'driver error') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('sees a lost, refused or timed-out database through Drizzle’s wrapper', () => {
    for (const cause of [
      withCode('ECONNREFUSED'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('08006'),
      withCode('53300', 'too many connections'),
      withCode('57014', 'canceling statement due to statement timeout'),
      withCode('55P03', 'canceling statement due to lock timeout'),
      withCode('40P01', 'deadlock detected'),
      withCode('25006', 'cannot execute UPDATE in a read-only transaction'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
    ]) {
      expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], cause)), cause.message).toBe(true);
    }
  });

  it('leaves request errors and bugs alone (they stay 4xx/500)', () => {
    expect(isDatabaseUnavailable(withCode('23505', 'duplicate key'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('23514', 'check constraint'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('42P01', 'relation does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });
});
