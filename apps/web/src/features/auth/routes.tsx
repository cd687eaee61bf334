import { Navigate, type RouteObject } from 'react-router';
import type { FeatureRoutes } from '../../app/feature';
import { lazyPage } from '../../app/lazy-page';
import { PROFILE_TARGET_PATH, paths } from '../../app/paths';
// The sign-in page is the first view of most visits: it comes with the entry instead of after it.
import { LoginPage } from './login-page';

const publicRoutes: RouteObject[] = [
  { path: paths.login, element: <LoginPage /> },
  { path: paths.logout, ...lazyPage(() => import('./logout-page').then((module) => module.LogoutPage)) },
  { path: paths.register, ...lazyPage(() => import('./register-page').then((module) => module.RegisterPage)) },
  {
    path: paths.resetPassword,
    ...lazyPage(() => import('./reset-password-page').then((module) => module.ResetPasswordPage)),
  },
  {
    path: `${paths.setPassword}/:token`,
    ...lazyPage(() => import('./set-password-page').then((module) => module.SetPasswordPage)),
  },
  { path: paths.setPassword, element: <Navigate to={paths.resetPassword} replace /> },
  {
    path: `${paths.setEmail}/:token`,
    ...lazyPage(() => import('./set-email-page').then((module) => module.SetEmailPage)),
  },
  { path: paths.setEmail, element: <Navigate to={PROFILE_TARGET_PATH} replace /> },
  {
    path: `${paths.confirmRegistration}/:token`,
    ...lazyPage(() => import('./confirm-registration-page').then((module) => module.ConfirmRegistrationPage)),
  },
  { path: paths.confirmRegistration, element: <Navigate to={paths.login} replace /> },
  {
    path: '/user/:id/complete',
    ...lazyPage(() => import('./complete-registration-page').then((module) => module.CompleteRegistrationPage)),
  },
];

export const authRoutes: FeatureRoutes = { publicRoutes };
