/** Passkeys (WebAuthn): part of the auth module, reached by other modules only through the auth module's index. */
export { registerPasskeyEnrolmentRoutes } from './passkey-enrolment.routes.js';
export { registerPasskeySignInRoutes } from './passkey-sign-in.routes.js';
export { deletePasskeysOfUser as removeAllPasskeysOfUser } from './passkeys.repo.js';
