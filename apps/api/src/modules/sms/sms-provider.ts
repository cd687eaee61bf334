import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { createOutboxSmsProvider } from './outbox-sms.provider.js';
import { createVonageSmsProvider } from './vonage-sms.provider.js';

/** One text message: the number in E.164 form and the text (a code, never health data). */
export type SmsMessage = { to: string; text: string; customerId: number | null };

/** What the invoice download needs from an SMS service. */
export type SmsProvider = {
  name: 'outbox' | 'vonage';
  send: (message: SmsMessage) => Promise<void>;
};

/** The provider refused or could not be reached; the caller answers 502. */
export class SmsProviderError extends Error {}

/**
 * Vonage when its key is configured; otherwise the outbox, which keeps messages in a table for the development page —
 * outside production by default, in production only when SMS_PROVIDER=outbox names it (a demo installation), the way
 * the payment sandbox is chosen. null: no SMS in production, and requesting a code answers 503.
 */
export function chooseSmsProvider(
  db: Database,
  config: Pick<AppConfig, 'vonage' | 'smsProvider' | 'smsFrom' | 'isProduction'>,
): SmsProvider | null {
  if (config.smsProvider !== 'outbox' && config.vonage) return createVonageSmsProvider(config.vonage, config.smsFrom);
  if (config.smsProvider === 'vonage') return null;
  if (config.smsProvider === 'outbox' || !config.isProduction) return createOutboxSmsProvider(db);
  return null;
}
