import { Navigate, type RouteObject } from 'react-router';
import type { FeatureRoutes } from '../../app/feature';
import { lazyPage } from '../../app/lazy-page';
import { PROFILE_TARGET_PATH, paths } from '../../app/paths';
import { SignInRoute } from './sign-in-route';

const publicRoutes: RouteObject[] = [
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

// Sign-in draws its own frame: the same page is drawn before the staff app loads (main.tsx).
const framedRoutes: RouteObject[] = [{ path: paths.login, element: <SignInRoute /> }];

export const authRoutes: FeatureRoutes = { publicRoutes, framedRoutes };
