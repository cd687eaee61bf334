import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../../db/client.js';
import { PROCESS_ID } from '../../db/process-id.js';
import { redactEmails } from '../../plugins/log-redaction.js';
import { claimDueMails, markMail, reclaimMailsOfGoneProcesses } from './outbox.repo.js';

const MAX_ATTEMPTS = 8;

export type MailDispatcher = {
  /** Sends what is due now; called in this process after each commit that queued mail, so mail leaves at once. */
  flush: () => Promise<void>;
  /**
   * At start-up and by the outbox job (mail.module.ts): takes over mails a crashed process had claimed, then sends
   * what is due, retries included.
   */
  resume: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * Delivers the outbox: over SMTP when SMTP_URL is set, otherwise mails are kept in the outbox
 * for the development page. Failed deliveries are retried with exponential back-off.
 */
export function createMailDispatcher(options: {
  db: Database;
  smtpUrl?: string;
  from: string;
  /** The host of PUBLIC_URL: the right-hand side of each mail's Message-ID. */
  messageIdHost: string;
  log: FastifyBaseLogger;
  /** Reads an attachment's stored file; a mail whose file is missing is not sent (retried, then failed). */
  readFile: (storageKey: string) => Promise<Buffer | null>;
}): MailDispatcher {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  let running: Promise<void> | null = null;
  let again = false;

  async function drain(): Promise<void> {
    for (;;) {
      const batch = await claimDueMails(options.db, 20, PROCESS_ID);
      if (batch.length === 0) return;
      for (const mail of batch) {
        if (!transport) {
          await markMail(options.db, mail.id, 'kept');
          continue;
        }
        try {
          const attachments = await Promise.all(
            (mail.attachments ?? []).map(async (attachment) => {
              const content = await options.readFile(attachment.storageKey);
              if (!content) throw new Error(`attachment ${attachment.filename} is missing`);
              return { filename: attachment.filename, contentType: attachment.contentType, content };
            }),
          );
          await transport.sendMail({
            // Stable per outbox row: if a crash makes us send it again, mail clients show it once.
            messageId: `<outbox-${mail.id}@${options.messageIdHost}>`,
            from: options.from,
            to: mail.recipient,
            subject: mail.subject,
            text: mail.textBody,
            html: mail.htmlBody,
            attachments,
          });
          await markMail(options.db, mail.id, 'sent');
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          options.log.warn(
            { mailId: mail.id, attempt: mail.attempts },
            `mail delivery failed: ${redactEmails(message)}`,
          );
          await markMail(options.db, mail.id, mail.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending', message);
        }
      }
    }
  }

  function flush(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await drain().catch((error: unknown) => options.log.error({ err: error }, 'mail outbox drain failed'));
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  async function resume(): Promise<void> {
    await reclaimMailsOfGoneProcesses(options.db, PROCESS_ID).catch((error: unknown) =>
      options.log.error({ err: error }, 'mail outbox reclaim failed'),
    );
    await flush();
  }

  return {
    flush,
    resume,
    async stop() {
      await running;
      transport?.close();
    },
  };
}
