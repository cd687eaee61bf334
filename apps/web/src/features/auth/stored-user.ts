import type { User } from '@praxia/shared';
import { readStorage, writeStorage } from '../../lib/ui-state';

// Spec: the current user is kept in session storage. This module stays free of the schemas and the query client,
// so the sign-in page (the staff entry's first view) can write it; session.ts checks it with the schema when read.
const USER_STORAGE_KEY = 'praxia.currentUser';

/** The stored user as it was written, unchecked; null when nobody signed in in this tab. */
export function readStoredUserText(): string | null {
  return readStorage(USER_STORAGE_KEY);
}

export function storeUser(user: User | null): void {
  writeStorage(USER_STORAGE_KEY, user ? JSON.stringify(user) : null);
}

// Sign-in hands the user over to the staff app at /login, where it goes on to the user's start page. A user who was
// already signed in when they opened /login goes to main instead (spec foundations §2 login: guests only).
let isSignInJustMade = false;

/** Called by the sign-in forms when the password (and code) step succeeded on this page. */
export function markSignInJustMade(): void {
  isSignInJustMade = true;
}

/** Called when the sign-in form shows: whoever signs in next does it here. */
export function forgetSignInJustMade(): void {
  isSignInJustMade = false;
}

export function wasSignInJustMade(): boolean {
  return isSignInJustMade;
}
