import { useSyncExternalStore } from 'react';

/**
 * The UI state of spec foundations §3 that outlives a page: redirect after login, selected therapist (an assistant
 * works on behalf of one) and the trial state 'check' while a payment is being confirmed. Kept in session storage,
 * like the current user, so a reload (or the way back from the payment provider) keeps it.
 */
type UiStateValues = {
  redirectAfterLogin: string;
  selectedTherapistId: number;
  trialState: 'check';
};
export type UiStateKey = keyof UiStateValues;

const STORAGE_KEYS: Record<UiStateKey, string> = {
  redirectAfterLogin: 'praxia.redirectAfterLogin',
  selectedTherapistId: 'praxia.selectedTherapist',
  trialState: 'praxia.trialState',
};

export function readStorage(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the in-memory copies still serve this page.
  }
}

const PARSERS: { [K in UiStateKey]: (raw: string) => UiStateValues[K] | null } = {
  redirectAfterLogin: (raw) => raw,
  selectedTherapistId: (raw) => {
    const id = Number(raw);
    return Number.isInteger(id) && id > 0 ? id : null;
  },
  trialState: (raw) => (raw === 'check' ? 'check' : null),
};

const listeners = new Set<() => void>();

export function getUiState<K extends UiStateKey>(key: K): UiStateValues[K] | null {
  const raw = readStorage(STORAGE_KEYS[key]);
  return raw === null ? null : PARSERS[key](raw);
}

export function setUiState<K extends UiStateKey>(key: K, value: UiStateValues[K] | null): void {
  if (getUiState(key) === value) return;
  writeStorage(STORAGE_KEYS[key], value === null ? null : String(value));
  for (const listener of listeners) listener();
}

/** Forgets all of it (logout, ended session). */
export function clearUiState(): void {
  for (const key of Object.keys(STORAGE_KEYS) as UiStateKey[]) setUiState(key, null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** One entry of the UI state; the component re-renders when it changes. */
export function useUiState<K extends UiStateKey>(key: K): UiStateValues[K] | null {
  return useSyncExternalStore(
    subscribe,
    () => getUiState(key),
    () => null,
  );
}
