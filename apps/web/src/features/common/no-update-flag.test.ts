import { describe, expect, it } from 'vitest';
import { hasNoUpdateFlag } from './no-update-flag';

describe('hasNoUpdateFlag', () => {
  it('accepts ?noupdate and noupdate=1 but not 0 or false', () => {
    expect(hasNoUpdateFlag('?noupdate')).toBe(true);
    expect(hasNoUpdateFlag('?a=b&noupdate=1')).toBe(true);
    expect(hasNoUpdateFlag('?noupdate=0')).toBe(false);
    expect(hasNoUpdateFlag('?noupdate=false')).toBe(false);
    expect(hasNoUpdateFlag('')).toBe(false);
  });
});
