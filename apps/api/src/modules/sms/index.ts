/** The public face of the sms module: the only file other modules may import from. */
export { removeOldOutboxSms } from './outbox-sms.provider.js';
export type { SmsProvider } from './sms-provider.js';
export { SmsProviderError } from './sms-provider.js';
