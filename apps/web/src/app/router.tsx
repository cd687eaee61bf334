import { createBrowserRouter, Navigate } from 'react-router';
import { appointmentTypeRoutes } from '../features/appointment-types/routes';
import { appointmentRoutes } from '../features/appointments/routes';
import { auditRoutes } from '../features/audit/routes';
import { authRoutes } from '../features/auth/routes';
import { commonRoutes } from '../features/common/routes';
import { customerRoutes } from '../features/customers/routes';
import { invoiceRoutes } from '../features/invoices/routes';
import { medicalHistoryRoutes } from '../features/medical-history/routes';
import { patientPortalRoutes } from '../features/patient-portal/routes';
import { patientRoutes } from '../features/patients/routes';
import { paymentRoutes } from '../features/payments/routes';
import { twoFactorRoutes } from '../features/two-factor/routes';
import { userListRoutes } from '../features/user-list/routes';
import { userRoutes } from '../features/users/routes';
import type { FeatureRoutes } from './feature';
import { loadAllStyles } from './lazy-page';
import { PageLoader } from './page-loader';
import { paths } from './paths';
import { PublicLayout } from './public-layout';
import { RootLayout } from './root-layout';

/** Every feature's pages; a new feature adds its routes.tsx here. */
const features: FeatureRoutes[] = [
  appointmentTypeRoutes,
  appointmentRoutes,
  authRoutes,
  commonRoutes,
  customerRoutes,
  invoiceRoutes,
  paymentRoutes,
  medicalHistoryRoutes,
  patientPortalRoutes,
  auditRoutes,
  patientRoutes,
  userListRoutes,
  userRoutes,
  twoFactorRoutes,
];

/**
 * Routes of spec foundations §2. Guarded pages live under the shell; everything else is public. The shell (sidebar,
 * icons) and every page load on first use. A factory, not a module-level router: the router reads the address when
 * it is made, and the sign-in page may change the address before the staff app starts (see main.tsx).
 */
export const createStaffRouter = () =>
  createBrowserRouter([
    {
      element: <RootLayout />,
      hydrateFallbackElement: <PageLoader />,
      children: [
        { index: true, element: <Navigate to={paths.login} replace /> },
        // Sign-in draws its own frame (it is also drawn before the staff app loads).
        ...features.flatMap((feature) => feature.framedRoutes ?? []),
        { element: <PublicLayout />, children: features.flatMap((feature) => feature.publicRoutes ?? []) },
        {
          lazy: async () => ({
            Component: (await Promise.all([import('./shell-layout'), loadAllStyles()]))[0].ShellLayout,
          }),
          children: features.flatMap((feature) => feature.shellRoutes ?? []),
        },
        {
          path: paths.notFound,
          lazy: async () => ({
            Component: (await Promise.all([import('./not-found-route'), loadAllStyles()]))[0].NotFoundRoute,
          }),
        },
        { path: '*', element: <Navigate to={paths.notFound} replace /> },
      ],
    },
  ]);
