import type { AppModule } from '../app-module.js';
import { registerBankStatementRoutes } from './bank-statement/bank-statement.routes.js';
import { registerDatevRoutes } from './datev/datev.routes.js';
import { scheduleInvoiceFilesRecovery } from './invoice-files-recovery.js';
import { registerInvoiceRoutes } from './invoices.routes.js';
import { registerPatientInvoiceRoutes } from './patient-invoices.routes.js';

/**
 * Invoices and cancellations: issue, list, states, stored documents, the monthly evaluation (issue 11); and a
 * patient's own invoices; the DATEV booking batch for the tax adviser; the recovery of files a crash left undrawn.
 */
export const invoicesModule: AppModule = {
  name: 'invoices',
  registerRoutes: (api, ctx) => {
    registerInvoiceRoutes(api, ctx);
    registerBankStatementRoutes(api, ctx);
    registerPatientInvoiceRoutes(api, ctx);
    registerDatevRoutes(api, ctx);
  },
  registerJobs: scheduleInvoiceFilesRecovery,
};
