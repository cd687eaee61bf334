import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import type { JobQueue } from './jobs/job-queue.js';
import type { MailDispatcher } from './modules/mail/mail.dispatcher.js';
import type { PaymentProvider } from './modules/payments/payment-provider.js';
import type { SandboxProvider } from './modules/payments/sandbox.provider.js';
import type { SmsProvider } from './modules/sms/sms-provider.js';
import type { VideoRooms } from './modules/video/video-rooms.js';
import type { RateLimitSettings } from './plugins/rate-limits.js';
import type { FileStorage } from './storage/file-storage.js';

/** What modules need from the app: handed to each module's route registration. */
export type AppContext = {
  db: Database;
  config: AppConfig;
  mail: MailDispatcher;
  /** Background jobs kept in the database: their schedules, retries, one run per schedule across processes. */
  jobs: JobQueue;
  /** Text messages (the invoice download's codes); null in production without a provider. */
  sms: SmsProvider | null;
  storage: FileStorage;
  payments: PaymentProvider;
  /** Set when the built-in sandbox is the payment provider (its checkout page needs it). */
  sandbox: SandboxProvider | null;
  log: FastifyBaseLogger;
  /** Scales every rate limit (tests raise them). */
  rateLimits: RateLimitSettings;
  /** The video consultations' signalling rooms of this process (issue 10). */
  videoRooms: VideoRooms;
  /** Set inside withTransaction: `db` is then the open transaction. */
  unitOfWork?: { afterCommit: (action: () => void) => void };
};
