import './lib/i18n';
import type { User } from '@praxia/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerServiceWorker } from './app/service-worker';
import { getCurrentUser } from './features/auth/api';
import { authNavigation } from './features/auth/navigation';
import { SignInPage } from './features/auth/sign-in/sign-in-page';
import { markSignInJustMade, readStoredUserText, storeUser } from './features/auth/stored-user';
import { StaffAppLoadFailure } from './staff-app-load-failure';

/*
 * The staff entry. Most visits begin at sign-in, so a guest at /login (or /) gets the sign-in page alone: React, the
 * sign-in texts and a few kB of its own. The staff app (Mantine, router, query client, every screen, all texts) loads
 * once they are signed in or go to another page, never while they type: the build's first-view budget for /login
 * counts what the browser fetches, and the e2e test of the first views holds the page to that list.
 */

registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

let isStaffAppLoading = false;
/**
 * Where a link on the sign-in page leads. The address changes only once the staff app has loaded, just before it
 * draws: changed earlier, the new address would show above the sign-in form, and whatever was typed there is lost.
 */
let addressAfterLoad: string | null = null;

function drawStaffApp(): void {
  if (isStaffAppLoading) return;
  isStaffAppLoading = true;
  import('./app/staff-app').then(
    ({ renderStaffApp }) => {
      if (addressAfterLoad) window.history.pushState(null, '', addressAfterLoad);
      renderStaffApp(root);
    },
    (error: unknown) => {
      console.error('The staff app could not be loaded', error);
      root.render(<StaffAppLoadFailure />);
    },
  );
}

function signedIn(user: User): void {
  // The staff app reads the stored user at once, so it draws the user's first page without asking again.
  storeUser(user);
  drawStaffApp();
}

function signedInHere(user: User): void {
  markSignInJustMade();
  signedIn(user);
}

function navigate(path: string): void {
  addressAfterLoad = path;
  drawStaffApp();
}

const { login } = authNavigation.paths;
const isSignInAddress = ['/', login, `${login}/`].includes(window.location.pathname);

// A stored user signed in in this tab: the staff app decides (their page, or the inactivity message and sign-in).
if (isSignInAddress && readStoredUserText() === null) {
  if (window.location.pathname !== login) window.history.replaceState(null, '', login);
  root.render(
    <StrictMode>
      <SignInPage onSignedIn={signedInHere} onNavigate={navigate} />
    </StrictMode>,
  );
  // A session cookie from another tab signs this one in too (and /login then goes to main).
  getCurrentUser().then(signedIn, () => {});
} else {
  drawStaffApp();
}
