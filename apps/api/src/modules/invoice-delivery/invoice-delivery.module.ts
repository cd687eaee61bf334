import { INVOICE_DOWNLOAD_PAGE_PREFIX } from '@praxia/shared/public-pages';
import type { AppModule } from '../app-module.js';
import { registerInvoiceDeliveryRoutes } from './invoice-delivery.routes.js';
import { scheduleDeliveryHousekeeping } from './invoice-delivery-housekeeping.js';
import { registerInvoiceSendRoutes } from './invoice-send.routes.js';
import { registerOverdueNoticeRoutes } from './overdue-notice.routes.js';

/** Dunning notices, sending invoices and notices by e-mail, and the patient's download behind an SMS code. */
export const invoiceDeliveryModule: AppModule = {
  name: 'invoice-delivery',
  registerRoutes: (api, ctx) => {
    registerOverdueNoticeRoutes(api, ctx);
    registerInvoiceSendRoutes(api, ctx);
    registerInvoiceDeliveryRoutes(api, ctx);
  },
  registerJobs: scheduleDeliveryHousekeeping,
  registerHooks: (app) => {
    // The download page is personal: search engines must not list it, even if a link leaks.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith(INVOICE_DOWNLOAD_PAGE_PREFIX)) reply.header('x-robots-tag', 'noindex, nofollow');
    });
  },
};
