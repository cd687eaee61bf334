/** The public face of the auth module: the only file other modules may import from. */
export { startEmailChange } from './auth.service.js';
export { removeAllPasskeysOfUser } from './passkeys/index.js';
export { strongSecondFactorsOf } from './second-factors.js';
export { endSessionsOfPractice, endSessionsOfUser } from './session.repo.js';
export { issueToken } from './tokens.repo.js';
