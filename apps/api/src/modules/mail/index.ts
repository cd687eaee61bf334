/** The public face of the mail module: the only file other modules may import from. */

export { emailChangedNoticeMail } from './account-notice-mails.js';
export type { OutgoingMail } from './outbox.repo.js';
export { queueMail } from './outbox.repo.js';
export { passkeyAddedMail, passkeyRemovedMail } from './passkey-mails.js';
export { secondFactorsResetMail, totpDisabledMail, totpEnabledMail } from './second-factor-templates.js';
export { sendMail } from './send-mail.js';
export type { Template } from './templates.js';
export {
  emailChangeMail,
  emailTakenNoticeMail,
  loginCodeMail,
  passwordResetMail,
  registrationConfirmMail,
  render,
  staffInvitationMail,
} from './templates.js';
