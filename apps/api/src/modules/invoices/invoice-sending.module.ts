import { INVOICE_DOWNLOAD_PAGE_PREFIX } from '@praxia/shared/public-pages';
import type { AppModule } from '../app-module.js';
import { registerInvoiceDeliveryRoutes } from './invoice-delivery.routes.js';
import { scheduleDeliveryHousekeeping } from './invoice-delivery-housekeeping.js';
import { registerInvoiceSendRoutes } from './invoice-send.routes.js';
import { registerOverdueNoticeRoutes } from './overdue-notice.routes.js';
import { registerDevSmsRoutes } from './sms/dev-sms.routes.js';
import { chooseSmsProvider } from './sms/sms-provider.js';

/** Dunning notices, sending invoices and notices by e-mail, and the patient's download behind an SMS code. */
export const invoiceSendingModule: AppModule = {
  name: 'invoice-sending',
  registerRoutes: (api, ctx) => {
    const sms = chooseSmsProvider(ctx.db, ctx.config);
    registerOverdueNoticeRoutes(api, ctx);
    registerInvoiceSendRoutes(api, ctx);
    registerInvoiceDeliveryRoutes(api, ctx, sms);
    // The kept messages hold codes in plain: only for the outbox, never in production (like /dev/mail).
    if (sms?.name === 'outbox' && !ctx.config.isProduction) registerDevSmsRoutes(api, ctx);
  },
  startJobs: (ctx) => scheduleDeliveryHousekeeping(ctx),
  registerHooks: (app) => {
    // The download page is personal: search engines must not list it, even if a link leaks.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith(INVOICE_DOWNLOAD_PAGE_PREFIX)) reply.header('x-robots-tag', 'noindex, nofollow');
    });
  },
};
