import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export type CapturedAttachment = { filename: string; mimeType: string; content: Buffer };
export type CapturedMail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  attachments: CapturedAttachment[];
};

/** A real SMTP server on a random local port that keeps what it receives. */
export async function startSmtpCapture() {
  const mails: CapturedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => void parse(Buffer.concat(chunks), callback));
    },
  });

  function parse(raw: Buffer, callback: (error?: Error) => void) {
    return PostalMime.parse(raw).then(
      (email) => {
        mails.push({
          to: (email.to ?? []).map((address) => address.address ?? ''),
          subject: email.subject ?? '',
          text: email.text ?? '',
          html: email.html ?? '',
          messageId: email.messageId ?? '',
          attachments: email.attachments.map((attachment) => ({
            filename: attachment.filename ?? '',
            mimeType: attachment.mimeType,
            content: Buffer.from(attachment.content as ArrayBuffer),
          })),
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      },
      (error: Error) => callback(error),
    );
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  /** Waits for the next mail to this address (the app sends after commit, so it may come a moment later). */
  /** The first mail to the address (that `matching` accepts, when other mails may arrive for it meanwhile). */
  async function waitForMail(
    to: string,
    timeoutMs = 10_000,
    matching: (mail: CapturedMail) => boolean = () => true,
  ): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = mails.find((mail) => mail.to.includes(to.toLowerCase()) && matching(mail));
      if (found) {
        mails.splice(mails.indexOf(found), 1);
        return found;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, Math.min(left, 200));
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that starts with the given path prefix. */
export function linkIn(mail: CapturedMail, pathPrefix: string): string {
  const match = mail.text.match(new RegExp(`https?://\\S+${pathPrefix.replaceAll('/', '\\/')}\\S+`));
  if (!match) throw new Error(`no ${pathPrefix} link in mail "${mail.subject}"`);
  return match[0];
}

export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;
