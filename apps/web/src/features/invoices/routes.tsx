import type { FeatureRoutes } from '../../app/feature';
import { lazyPage } from '../../app/lazy-page';
import { paths } from '../../app/paths';

const loadList = () => import('./invoice-list-page').then((module) => module.InvoiceListPage);
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
  ],
};
