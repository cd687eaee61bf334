import { join } from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { AppContext } from './context.js';
import { type DatabaseHandle, openDatabase } from './db/client.js';
import { registerAuthRoutes } from './modules/auth/auth.routes.js';
import { scheduleHousekeeping } from './modules/auth/housekeeping.js';
import { registerCommonRoutes } from './modules/common/common.routes.js';
import { registerCustomerRoutes } from './modules/customers/customers.routes.js';
import { registerDevMailRoutes } from './modules/mail/dev-mail.routes.js';
import { createMailDispatcher } from './modules/mail/mail.dispatcher.js';
import { createMollieProvider } from './modules/payments/mollie.provider.js';
import { registerPaymentRoutes } from './modules/payments/payments.routes.js';
import { choosePaymentProvider } from './modules/payments/sandbox.provider.js';
import { registerRegistrationRoutes } from './modules/registration/registration.routes.js';
import { registerInvoiceSettingsRoutes } from './modules/users/invoice-settings.routes.js';
import { registerUserRoutes } from './modules/users/users.routes.js';
import { registerAccessControl } from './plugins/access.js';
import { registerErrorHandler } from './plugins/errors.js';
import { requestLogSerializers } from './plugins/log-redaction.js';
import { registerOpenApi } from './plugins/openapi.js';
import type { RateLimitSettings } from './plugins/rate-limits.js';
import { registerSecurity } from './plugins/security.js';
import { registerSessions } from './plugins/session.js';
import { registerWebApp } from './plugins/web.js';
import { seedDemoData } from './seed/demo.js';
import { createLocalFileStorage } from './storage/file-storage.js';

export type BuildOptions = {
  config: AppConfig;
  /** An already opened database (tests share one per file); otherwise opened from the config. */
  database?: DatabaseHandle;
  rateLimits?: RateLimitSettings;
  logger?: boolean;
  serveWeb?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** Builds the whole application; used by the server entry and by every test. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const database =
    options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const shouldSeed = config.seedDemo ?? (database.kind === 'pglite' && database.isNew);
  if (shouldSeed) await seedDemoData(database.db);

  const app = Fastify({
    logger: options.logger ? { serializers: requestLogSerializers } : false,
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
  });
  // Bodies are JSON or multipart only (security.md): a cross-site form cannot post text/plain into the API.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mail = createMailDispatcher({ db: database.db, smtpUrl: config.smtpUrl, from: config.smtpFrom, log: app.log });
  const ctx: AppContext = {
    db: database.db,
    config,
    mail,
    storage: createLocalFileStorage(join(config.dataDir, 'files')),
    ...choosePaymentProvider(database.db, config.publicUrl, createMollieProvider, config),
    log: app.log,
  };
  app.decorate('ctx', ctx);
  const stopHousekeeping = scheduleHousekeeping(database.db, (error) =>
    app.log.error({ err: error }, 'housekeeping failed'),
  );
  app.addHook('onClose', async () => {
    stopHousekeeping();
    await mail.stop();
    if (!options.database) await database.close();
  });

  const serveSpa = options.serveWeb !== false && (await registerWebApp(app));
  registerErrorHandler(app, { serveSpa });
  registerAccessControl(app);
  await registerSecurity(app, { publicUrl: config.publicUrl, isProduction: config.isProduction });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 10_485_760, files: 1 } });
  await app.register(rateLimit, { global: false });
  registerSessions(app, { db: database.db, secureCookies: config.publicUrl.startsWith('https://') });
  await registerOpenApi(app, config.version);

  const limits = options.rateLimits ?? { scale: 1 };
  await app.register(
    async (api) => {
      registerCommonRoutes(api, ctx);
      registerAuthRoutes(api, ctx, limits);
      registerRegistrationRoutes(api, ctx, limits);
      registerUserRoutes(api, ctx);
      registerInvoiceSettingsRoutes(api, ctx);
      registerCustomerRoutes(api, ctx);
      registerPaymentRoutes(api, ctx, limits);
      // The development outbox holds codes and links in plain: only without real delivery, never in production.
      if (!config.isProduction && !config.smtpUrl) registerDevMailRoutes(api, ctx);
    },
    { prefix: '/api' },
  );
  // Mails queued before a restart leave now.
  app.addHook('onReady', async () => void mail.flush());
  return app;
}
