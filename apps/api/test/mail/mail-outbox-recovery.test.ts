import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { mailOutbox } from '../../src/db/schema.js';
import { type SmtpCapture, startSmtpCapture } from '../smtp-capture.js';
import { createTestApp, type TestApp, uniqueEmail } from '../test-app.js';

const mail = (recipient: string) => ({
  recipient,
  subject: 'Ihr Zugangscode',
  textBody: 'Code 123456',
  htmlBody: '<p>Code 123456</p>',
});

describe('mail outbox after a crash', () => {
  let smtp: SmtpCapture;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    // On PostgreSQL a database of its own: the rows below are put straight into the outbox, and any other file's app
    // on a shared database would be free to claim and send them to its own mail server.
    t = await createTestApp({ smtpUrl: smtp.url, isOwnDatabase: true });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends one outbox row with the same Message-ID every time, so a resend collapses in mail clients', async () => {
    const recipient = uniqueEmail('resend');
    const [row] = await t.database.db.insert(mailOutbox).values(mail(recipient)).returning({ id: mailOutbox.id });
    if (!row) throw new Error('no outbox row');
    await t.app.ctx.mail.flush();
    const first = await smtp.waitForMail(recipient);

    // What a crash between the SMTP hand-over and marking the row sent leaves behind: the row due again.
    await t.database.db
      .update(mailOutbox)
      .set({ ...mail(recipient), state: 'pending', nextAttemptAt: new Date(), claimedBy: null })
      .where(eq(mailOutbox.id, row.id));
    await t.app.ctx.mail.flush();
    const second = await smtp.waitForMail(recipient);

    expect(first.messageId).toBe(`<outbox-${row.id}@praxia.test>`);
    expect(second.messageId).toBe(first.messageId);
  });

  it("sends a fresh mail at once when the app host's clock runs behind the database's", async () => {
    const recipient = uniqueEmail('skewed');
    // Two machines' clocks: the row is stamped by the database, the app runs a minute behind it.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 60_000);
    try {
      await t.database.db.insert(mailOutbox).values(mail(recipient));
      await t.app.ctx.mail.flush();
    } finally {
      vi.useRealTimers();
    }
    const delivered = await smtp.waitForMail(recipient, 5_000);
    expect(delivered.subject).toBe('Ihr Zugangscode');
  });

  it('sends a mail that a dead process had claimed right after the next start, not after its back-off', async () => {
    const recipient = uniqueEmail('in-flight');
    // Claimed by a process that no longer exists, its next attempt 30 s away: the state a crash mid-send leaves.
    await t.database.db.insert(mailOutbox).values({
      ...mail(recipient),
      attempts: 1,
      claimedBy: 'praxia-process-that-died',
      nextAttemptAt: sql`now() + interval '30 seconds'`,
    });
    const restarted = await buildApp({ config: t.app.ctx.config, database: t.database, serveWeb: false });
    await restarted.ready();
    try {
      const delivered = await smtp.waitForMail(recipient, 5_000);
      expect(delivered.subject).toBe('Ihr Zugangscode');
    } finally {
      await restarted.close();
    }
  });
});
