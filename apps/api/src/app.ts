import type { Writable } from 'node:stream';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type AppConfig, assertProductionSafety, ConfigError, isDemoInstallation, mapTileOrigin } from './config.js';
import type { AppContext } from './context.js';
import { type DatabaseHandle, openDatabase } from './db/client.js';
import { asSystem } from './db/row-scope.js';
import { createJobQueue, type JobQueueTiming } from './jobs/job-queue.js';
import { sqlExecutorFor } from './jobs/sql-executor.js';
import { registerMultipart } from './lib/multipart.js';
import { ensureDefaultAppointmentType } from './modules/appointment-types/index.js';
import { endSessionsOfPractice, endSessionsOfUser, issueToken, startEmailChange } from './modules/auth/index.js';
import {
  leaveWaitingListOnBooking,
  offerFreedSlot,
  openWidgetAnswerCache,
  publicPageHead,
} from './modules/booking/index.js';
import { countClientAppointments } from './modules/calendar/index.js';
import { appModules } from './modules/index.js';
import { appointmentsInInvoices, patientHasInvoices } from './modules/invoices/index.js';
import { createMailDispatcher } from './modules/mail/mail.dispatcher.js';
import { getPatientForUserRoute, loadPatient } from './modules/patients/index.js';
import { createMollieProvider } from './modules/payments/mollie.provider.js';
import { choosePaymentProvider } from './modules/payments/sandbox.provider.js';
import { chooseSmsProvider } from './modules/sms/sms-provider.js';
import { endVideoConsultations, issuePatientLink } from './modules/video/index.js';
import { createSignalTransport } from './modules/video/signal-transport.js';
import { VideoRooms } from './modules/video/video-rooms.js';
import { registerAccessControl } from './plugins/access.js';
import { registerCallerRoutes } from './plugins/caller-routes.js';
import { registerErrorHandler } from './plugins/errors.js';
import { logSerializers } from './plugins/log-redaction.js';
import { registerOpenApi } from './plugins/openapi.js';
import { databaseRateLimitStore, sweepRateLimitCounters } from './plugins/rate-limit-store.js';
import type { RateLimitSettings } from './plugins/rate-limits.js';
import { registerRowScope } from './plugins/row-scope.js';
import { registerSecurity } from './plugins/security.js';
import { registerSearchRedirect, registerWebApp } from './plugins/web.js';
import { hasDemoUsers, seedDemoData } from './seed/demo.js';
import { seedDemoCalendar } from './seed/demo-calendar.js';
import { seedDemoInvoices } from './seed/demo-invoices.js';
import { seedDemoPlanInvoices } from './seed/demo-plan-invoices.js';
import { seedDemoRecords } from './seed/demo-records.js';
import { openFileStorage } from './storage/open-file-storage.js';
import { scheduleUnreferencedFileSweep } from './storage/unreferenced-files.js';

export type BuildOptions = {
  config: AppConfig;
  /** An already opened database (tests share one per file); otherwise opened from the config. */
  database?: DatabaseHandle;
  rateLimits?: RateLimitSettings;
  /** true logs to stdout; a stream receives the log lines instead (tests read what would be logged). */
  logger?: boolean | { stream: Writable };
  serveWeb?: boolean;
  /** The built web app's folder (default apps/web/dist); tests serve a few HTML files of their own. */
  webRoot?: string;
  /** The job queue's polling (tests that watch scheduled runs make it fast). */
  jobTiming?: Partial<JobQueueTiming>;
  /** false: every widget answer is read from the database (the widget benchmark's second measurement). */
  keepWidgetAnswers?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

// Arbitrary constant, apart from the migrations' and the queue's locks (db/client.ts, jobs/queue-creation.ts).
const DEMO_SEED_LOCK_ID = 727_003;

/** Builds the whole application; used by the server entry and by every test. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  assertProductionSafety(config);
  const app = Fastify({
    logger: options.logger
      ? {
          level: config.logLevel,
          serializers: logSerializers,
          ...(typeof options.logger === 'object' ? { stream: options.logger.stream } : {}),
        }
      : false,
    trustProxy: toFastifyTrustProxy(config.trustProxy),
    bodyLimit: 1_048_576,
    // Node answers 408 and closes the connection when a request has not fully arrived in this time (Fastify sets no
    // limit by default). Upload routes time out on their own first, with an idle limit too; upgraded WebSockets are
    // no longer requests and are not affected.
    requestTimeout: config.uploadTimeoutMs,
  });
  // First of all hooks: everything a request does runs in its row scope.
  registerRowScope(app);
  registerCallerRoutes(app);
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onConnectionError: (error) => app.log.warn(`database connection lost: ${error.message}`),
    }));
  // Demo users have published passwords: production keeps or seeds them only as a demo installation.
  if (config.isProduction && !isDemoInstallation(config) && (await hasDemoUsers(database.db))) {
    if (!options.database) await database.close();
    throw new ConfigError(
      'This database holds the demo accounts, whose passwords are published: run production on a fresh database (another DATA_DIR or DATABASE_URL), or set PAYMENT_PROVIDER=sandbox and SEED_DEMO=1 for a demo installation.',
    );
  }
  const shouldSeed = config.isProduction
    ? isDemoInstallation(config)
    : (config.seedDemo ?? (database.kind === 'pglite' && database.isNew));
  const storage = await openFileStorage(config).catch(async (error: unknown) => {
    if (!options.database) await database.close();
    throw error;
  });

  // Bodies are JSON or multipart only (security.md): a cross-site form cannot post text/plain into the API.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mail = createMailDispatcher({
    db: database.db,
    smtpUrl: config.smtpUrl,
    from: config.smtpFrom,
    messageIdHost: new URL(config.publicUrl).hostname,
    log: app.log,
    readFile: (key) => storage.get(key),
  });
  const widgetAnswers = await openWidgetAnswerCache(database, {
    keepAnswers: options.keepWidgetAnswers !== false,
    onError: (error) => app.log.warn({ err: error }, 'widget answers: listening for calendar changes'),
  });
  const jobs = createJobQueue({ database: sqlExecutorFor(database), log: app.log, timing: options.jobTiming });
  const ctx: AppContext = {
    db: database.db,
    config,
    mail,
    jobs,
    sms: chooseSmsProvider(database.db, config),
    storage,
    ...choosePaymentProvider(database.db, config.publicUrl, createMollieProvider, config),
    log: app.log,
    rateLimits: options.rateLimits ?? { scale: 1 },
    videoRooms: new VideoRooms(
      database.db,
      // Through the error serializer, which keeps no statement's values (a relayed SDP is one).
      await createSignalTransport(database, (error) => app.log.warn({ err: error }, 'video signalling relay')),
    ),
    widgetAnswers: widgetAnswers.cache,
    accounts: { endSessionsOfUser, endSessionsOfPractice, issueToken, startEmailChange },
    appointmentTypes: { ensureDefaultAppointmentType },
    patientRecords: { getPatientForUserRoute, loadPatient },
    sessionCounts: { countClientAppointments },
    invoiceChecks: { patientHasInvoices, appointmentsInInvoices },
    videoLinks: { issuePatientLink, endVideoConsultations },
    waitingList: { offerFreedSlot, leaveWaitingListOnBooking },
  };
  app.decorate('ctx', ctx);
  // Each step skips what is already there; the lock keeps processes that start together from seeding side by side.
  if (shouldSeed) {
    await database.withAdvisoryLock(DEMO_SEED_LOCK_ID, () =>
      asSystem(async () => {
        await seedDemoData(database.db);
        await seedDemoRecords(database.db, storage);
        await seedDemoCalendar(database.db);
        // Issued through the invoice service, which needs the app's context (storage for the documents).
        await seedDemoInvoices(ctx);
        await seedDemoPlanInvoices(ctx);
      }),
    );
  }
  for (const module of appModules) module.registerJobs?.(ctx);
  scheduleUnreferencedFileSweep(ctx);
  ctx.jobs.schedule('rate-limit-sweep', '35 * * * *', () => sweepRateLimitCounters(database.db));
  app.addHook('onClose', async () => {
    // Running jobs finish (or are handed back to the queue) before the mail transport and the database close.
    await jobs.stop();
    await mail.stop();
    storage.close();
    await ctx.videoRooms.close();
    await widgetAnswers.close();
    if (!options.database) await database.close();
  });

  const serveSpa =
    options.serveWeb !== false &&
    (await registerWebApp(
      app,
      { publicUrl: config.publicUrl, publicPageHead: (url) => publicPageHead(ctx, url) },
      options.webRoot,
    ));
  registerSearchRedirect(app);
  registerErrorHandler(app, { serveSpa });
  registerAccessControl(app);
  await registerSecurity(app, {
    publicUrl: config.publicUrl,
    isProduction: config.isProduction,
    mapTileOrigin: mapTileOrigin(config),
  });
  await app.register(cookie);
  registerMultipart(app);
  // Counted in the database: every app process on it shares the same limits.
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(database.db, ctx.rateLimits.keyPrefix),
  });
  for (const module of appModules) module.registerHooks?.(app, ctx);
  await registerOpenApi(app, { version: config.version, isDocsEnabled: config.isApiDocsEnabled });

  await app.register(
    async (api) => {
      for (const module of appModules) module.registerRoutes(api, ctx);
    },
    { prefix: '/api' },
  );
  // Mails queued before a restart, or in flight when a previous process died, leave now.
  app.addHook('onReady', async () => void asSystem(() => mail.resume()));
  // Creates the queue's schema when missing; a database that cannot take it fails the start.
  app.addHook('onReady', () => jobs.start());
  return app;
}

/** A hop count trusts that many proxies nearest to us (Fastify supports it; its types only know the function form). */
function toFastifyTrustProxy(
  trustProxy: AppConfig['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address, hop) => hop < trustProxy;
}
