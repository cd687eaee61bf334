import { createBrowserRouter, Navigate } from 'react-router';
import { CompleteRegistrationPage } from '../features/auth/complete-registration-page';
import { ConfirmRegistrationPage } from '../features/auth/confirm-registration-page';
import { LoginPage } from '../features/auth/login-page';
import { LogoutPage } from '../features/auth/logout-page';
import { RegisterPage } from '../features/auth/register-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { SetEmailPage } from '../features/auth/set-email-page';
import { SetPasswordPage } from '../features/auth/set-password-page';
import { DevMailPage } from '../features/common/dev-mail-page';
import { HelpPage } from '../features/common/help-page';
import { ImprintPage } from '../features/common/imprint-page';
import { MainPage } from '../features/common/main-page';
import { PrivacyPage } from '../features/common/privacy-page';
import { SettingsPage } from '../features/common/settings-page';
import { TermsPage } from '../features/common/terms-page';
import { UpgradePage } from '../features/customers/upgrade-page';
import { RequireRoute } from './guards';
import { NotFoundRoute } from './not-found-route';
import { PROFILE_TARGET_PATH, paths } from './paths';
import { PublicLayout } from './public-layout';
import { RootLayout } from './root-layout';
import { ShellLayout } from './shell-layout';

/** Routes of spec foundations §2. Guarded pages live under the shell; everything else is public. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <Navigate to={paths.login} replace /> },
      {
        element: <PublicLayout />,
        children: [
          { path: paths.login, element: <LoginPage /> },
          { path: paths.logout, element: <LogoutPage /> },
          { path: paths.register, element: <RegisterPage /> },
          { path: paths.resetPassword, element: <ResetPasswordPage /> },
          { path: `${paths.setPassword}/:token`, element: <SetPasswordPage /> },
          { path: paths.setPassword, element: <Navigate to={paths.resetPassword} replace /> },
          { path: `${paths.setEmail}/:token`, element: <SetEmailPage /> },
          { path: paths.setEmail, element: <Navigate to={PROFILE_TARGET_PATH} replace /> },
          { path: `${paths.confirmRegistration}/:token`, element: <ConfirmRegistrationPage /> },
          { path: paths.confirmRegistration, element: <Navigate to={paths.login} replace /> },
          { path: '/user/:id/complete', element: <CompleteRegistrationPage /> },
          { path: paths.imprint, element: <ImprintPage /> },
          { path: paths.privacy, element: <PrivacyPage /> },
          { path: paths.terms, element: <TermsPage /> },
          { path: paths.help, element: <HelpPage /> },
          { path: paths.devMail, element: <DevMailPage /> },
        ],
      },
      {
        element: <ShellLayout />,
        children: [
          {
            path: paths.main,
            element: (
              <RequireRoute rule={{ permission: ['main', 'read'] }}>
                <MainPage />
              </RequireRoute>
            ),
          },
          {
            path: paths.settings,
            element: (
              <RequireRoute rule={{ permission: ['settings', 'read'] }}>
                <SettingsPage />
              </RequireRoute>
            ),
          },
          {
            path: paths.upgrade,
            element: (
              <RequireRoute rule={{ permission: ['user', 'read'], allowWhenTrialExpired: true }}>
                <UpgradePage />
              </RequireRoute>
            ),
          },
        ],
      },
      { path: paths.notFound, element: <NotFoundRoute /> },
      { path: '*', element: <Navigate to={paths.notFound} replace /> },
    ],
  },
]);
