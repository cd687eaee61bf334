import { desc, lt } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { smsOutbox } from './sms.schema.js';
import type { SmsProvider } from './sms-provider.js';

/** The built-in provider: messages stay in sms_outbox (shown at /dev/sms on the developer's machine). */
export function createOutboxSmsProvider(db: Database): SmsProvider {
  return {
    name: 'outbox',
    async send(message) {
      await db.insert(smsOutbox).values({ recipient: message.to, text: message.text, customerId: message.customerId });
    },
  };
}

/** The newest kept messages first, for the development page. */
export async function listSmsOutbox(db: Executor, limit = 100) {
  return db
    .select({
      id: smsOutbox.id,
      recipient: smsOutbox.recipient,
      text: smsOutbox.text,
      createdAt: smsOutbox.createdAt,
    })
    .from(smsOutbox)
    .orderBy(desc(smsOutbox.id))
    .limit(limit);
}

/** The outbox keeps codes in plain; a day is enough to read them. */
const OUTBOX_KEEP_MS = 24 * 3_600_000;

export async function removeOldOutboxSms(db: Executor, now: Date = new Date()): Promise<void> {
  await db.delete(smsOutbox).where(lt(smsOutbox.createdAt, new Date(now.getTime() - OUTBOX_KEEP_MS)));
}
