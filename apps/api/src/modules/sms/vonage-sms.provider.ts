import { Auth } from '@vonage/auth';
import { SMS } from '@vonage/sms';
import { type SmsProvider, SmsProviderError } from './sms-provider.js';

/**
 * Vonage (formerly Nexmo) through its official client @vonage/sms: a German-language SMS API with EU data
 * processing terms, and its client takes the REST host as an option (restHost), so the tests run this very code
 * over HTTPS against a local stand-in of the API, as the payment tests do with Mollie. The client throws when
 * Vonage refuses a message (status other than '0').
 */
export function createVonageSmsProvider(
  options: { apiKey: string; apiSecret: string; restHost?: string },
  from: string,
): SmsProvider {
  const client = new SMS(new Auth({ apiKey: options.apiKey, apiSecret: options.apiSecret }), {
    ...(options.restHost ? { restHost: options.restHost.replace(/\/$/, '') } : {}),
  });
  return {
    name: 'vonage',
    async send(message) {
      try {
        // Vonage wants the number without the plus sign.
        await client.send({ to: message.to.replace(/^\+/, ''), from, text: message.text });
      } catch (error) {
        throw new SmsProviderError(describeFailure(error), { cause: error });
      }
    },
  };
}

/**
 * Vonage's own reason ('Bad Credentials', 'Partner quota violation') for the log, without the number or the text: the
 * client's failure carries the whole response, which names the recipient.
 */
function describeFailure(error: unknown): string {
  const messages = (error as { response?: { messages?: { status?: string; errorText?: string }[] } }).response
    ?.messages;
  const reasons = (messages ?? []).map((message) => `status ${message.status}: ${message.errorText ?? 'no reason'}`);
  if (reasons.length > 0) return `Vonage refused the message (${reasons.join('; ')})`;
  return error instanceof Error ? `Vonage could not be reached (${error.name})` : 'Vonage refused the message';
}
