import { Navigate, Outlet } from 'react-router';
import type { FeatureRoutes } from '../../app/feature';
import type { GuardRule } from '../../app/guard-decision';
import { RequireRoute } from '../../app/guards';
import { lazyPage } from '../../app/lazy-page';
import { paths } from '../../app/paths';

/**
 * The /customer section (spec foundations §2): open to whoever holds the customer or the customer-detail permission
 * (owners, admins, therapists, assistants); each page adds its own. A failed check goes to login, as the spec says.
 */
const CUSTOMER_SECTION: GuardRule = {
  anyPermission: [
    ['customer', 'read'],
    ['customerDetail', 'read'],
  ],
  allowWhenTrialExpired: true,
  deniedTo: paths.login,
};
const customerPage = (permission: GuardRule['permission']): GuardRule => ({ permission, deniedTo: paths.login });

export const customerRoutes: FeatureRoutes = {
  shellRoutes: [
    {
      path: paths.invoiceSettings,
      element: (
        <RequireRoute rule={CUSTOMER_SECTION}>
          <Outlet />
        </RequireRoute>
      ),
      children: [
        {
          index: true,
          ...lazyPage(
            () => import('./customer-detail-page').then((module) => module.CustomerDetailPage),
            customerPage(['customerDetail', 'read']),
          ),
        },
        {
          path: paths.customerList,
          ...lazyPage(
            () => import('./customer-list-page').then((module) => module.CustomerListPage),
            customerPage(['customer', 'read']),
          ),
        },
        {
          path: paths.customerCreate,
          ...lazyPage(
            () => import('./customer-create-page').then((module) => module.CustomerCreatePage),
            customerPage(['customer', 'create']),
          ),
        },
        {
          path: `${paths.customerEdit}/:id`,
          ...lazyPage(
            () => import('./customer-edit-page').then((module) => module.CustomerEditPage),
            customerPage(['customer', 'edit']),
          ),
        },
        { path: paths.customerEdit, element: <Navigate to={paths.customerList} replace /> },
        {
          path: paths.upgrade,
          ...lazyPage(() => import('./upgrade-page').then((module) => module.UpgradePage), {
            permission: ['user', 'read'],
            allowWhenTrialExpired: true,
          }),
        },
      ],
    },
  ],
};
