import type { FeatureRoutes } from '../../app/feature';
import { lazyPage } from '../../app/lazy-page';
import { paths } from '../../app/paths';

const loadList = () => import('./invoice-list-page').then((module) => module.InvoiceListPage);
const loadBankImport = () => import('./bank-import-page').then((module) => module.BankImportPage);
const loadEvaluation = () => import('./evaluation-page').then((module) => module.EvaluationPage);

export const invoiceRoutes: FeatureRoutes = {
  shellRoutes: [
    // Spec §2: both need the invoice list permission; on failure the 404 page.
    {
      path: paths.invoiceList,
      ...lazyPage(loadList, { permission: ['invoice', 'read'], deniedTo: paths.notFound }),
    },
    {
      path: paths.invoiceEvaluation,
      ...lazyPage(loadEvaluation, { permission: ['invoice', 'read'], deniedTo: paths.notFound }),
    },
    // Importing marks invoices paid: for those who may mark them paid.
    {
      path: paths.bankImport,
      ...lazyPage(loadBankImport, { permission: ['invoice', 'edit'], deniedTo: paths.notFound }),
    },
  ],
};
