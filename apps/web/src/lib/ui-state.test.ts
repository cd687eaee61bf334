import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearUiState, getUiState, setUiState } from './ui-state';

/** A stand-in for the browser's session storage (the unit tests run in Node). */
function fakeStorage(): Storage {
  const entries = new Map<string, string>();
  return {
    get length() {
      return entries.size;
    },
    clear: () => entries.clear(),
    getItem: (key) => entries.get(key) ?? null,
    key: (index) => [...entries.keys()][index] ?? null,
    removeItem: (key) => void entries.delete(key),
    setItem: (key, value) => void entries.set(key, String(value)),
  };
}

beforeEach(() => {
  vi.stubGlobal('sessionStorage', fakeStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UI state', () => {
  it('keeps the trial state, the selected therapist and the redirect target', () => {
    setUiState('trialState', 'check');
    setUiState('selectedTherapistId', 12);
    setUiState('redirectAfterLogin', '/customer');
    expect(getUiState('trialState')).toBe('check');
    expect(getUiState('selectedTherapistId')).toBe(12);
    expect(getUiState('redirectAfterLogin')).toBe('/customer');
    // The redirect target keeps its old storage key, so a page remembered before an update still counts.
    expect(sessionStorage.getItem('praxia.redirectAfterLogin')).toBe('/customer');
  });

  it('reads tampered or unknown stored values as unset', () => {
    sessionStorage.setItem('praxia.trialState', 'running');
    sessionStorage.setItem('praxia.selectedTherapist', 'abc');
    expect(getUiState('trialState')).toBeNull();
    expect(getUiState('selectedTherapistId')).toBeNull();
  });

  it('forgets everything on clear', () => {
    setUiState('trialState', 'check');
    setUiState('selectedTherapistId', 3);
    clearUiState();
    expect(getUiState('trialState')).toBeNull();
    expect(getUiState('selectedTherapistId')).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });
});
