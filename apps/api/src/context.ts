import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import type { JobQueue } from './jobs/job-queue.js';
import type * as appointmentTypes from './modules/appointment-types/index.js';
import type * as auth from './modules/auth/index.js';
import type * as booking from './modules/booking/index.js';
import type { WidgetAnswerCache } from './modules/booking/widget-answer-cache.js';
import type * as calendar from './modules/calendar/index.js';
import type * as invoices from './modules/invoices/index.js';
import type { MailDispatcher } from './modules/mail/mail.dispatcher.js';
import type * as patients from './modules/patients/index.js';
import type { PaymentProvider } from './modules/payments/payment-provider.js';
import type { SandboxProvider } from './modules/payments/sandbox.provider.js';
import type { SmsProvider } from './modules/sms/sms-provider.js';
import type * as video from './modules/video/index.js';
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
  /** The video consultations' signalling rooms, shared by the app processes on one database. */
  videoRooms: VideoRooms;
  /** The booking widget's answers kept in memory until their calendar changes (booking/widget-answer-cache.ts). */
  widgetAnswers: WidgetAnswerCache;
  /** The auth module's sessions and one-time tokens, handed in so users and customers (which auth builds on) need not import auth. */
  accounts: Pick<typeof auth, 'endSessionsOfUser' | 'endSessionsOfPractice' | 'issueToken' | 'startEmailChange'>;
  /** The appointment-types module's default type, handed in so users (which appointment types build on) need not import them. */
  appointmentTypes: Pick<typeof appointmentTypes, 'ensureDefaultAppointmentType'>;
  /** The patients module's record of a patient, for the users module's /user/:id (patients build on users). */
  patientRecords: Pick<typeof patients, 'getPatientForUserRoute' | 'loadPatient'>;
  /** The calendar module's session counter, for the patients module's record (the calendar builds on patients). */
  sessionCounts: Pick<typeof calendar, 'countClientAppointments'>;
  /** The invoices module's checks whether an invoice names a patient or appointments (invoices build on both). */
  invoiceChecks: Pick<typeof invoices, 'patientHasInvoices' | 'appointmentsInInvoices'>;
  /** The video module's patient links, handed in so the calendar (which video builds on) need not import video. */
  videoLinks: Pick<typeof video, 'issuePatientLink' | 'endVideoConsultations'>;
  /**
   * The booking module's waiting list, handed in so the calendar (which booking builds on) need not import booking: a
   * slot freed in the calendar is offered to the waiting guests, and a client booked there leaves the list.
   */
  waitingList: Pick<typeof booking, 'offerFreedSlot' | 'leaveWaitingListOnBooking'>;
  /** Set inside withTransaction: `db` is then the open transaction. */
  unitOfWork?: { afterCommit: (action: () => void | Promise<void>) => void };
};
