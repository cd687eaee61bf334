import { createBrowserRouter, Navigate, Outlet } from 'react-router';
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
import { CustomerCreatePage } from '../features/customers/customer-create-page';
import { CustomerDetailPage } from '../features/customers/customer-detail-page';
import { CustomerEditPage } from '../features/customers/customer-edit-page';
import { CustomerListPage } from '../features/customers/customer-list-page';
import { UpgradePage } from '../features/customers/upgrade-page';
import { SandboxCheckoutPage } from '../features/payments/sandbox-checkout-page';
import { PaymentThanksPage } from '../features/payments/thanks-page';
import type { GuardRule } from './guard-decision';
import { RequireRoute } from './guards';
import { NotFoundRoute } from './not-found-route';
import { PROFILE_TARGET_PATH, paths } from './paths';
import { PublicLayout } from './public-layout';
import { RootLayout } from './root-layout';
import { ShellLayout } from './shell-layout';

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
          { path: `${paths.paymentSandbox}/:id`, element: <SandboxCheckoutPage /> },
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
            path: paths.invoiceSettings,
            element: (
              <RequireRoute rule={CUSTOMER_SECTION}>
                <Outlet />
              </RequireRoute>
            ),
            children: [
              {
                index: true,
                element: (
                  <RequireRoute rule={customerPage(['customerDetail', 'read'])}>
                    <CustomerDetailPage />
                  </RequireRoute>
                ),
              },
              {
                path: paths.customerList,
                element: (
                  <RequireRoute rule={customerPage(['customer', 'read'])}>
                    <CustomerListPage />
                  </RequireRoute>
                ),
              },
              {
                path: paths.customerCreate,
                element: (
                  <RequireRoute rule={customerPage(['customer', 'create'])}>
                    <CustomerCreatePage />
                  </RequireRoute>
                ),
              },
              {
                path: `${paths.customerEdit}/:id`,
                element: (
                  <RequireRoute rule={customerPage(['customer', 'edit'])}>
                    <CustomerEditPage />
                  </RequireRoute>
                ),
              },
              { path: paths.customerEdit, element: <Navigate to={paths.customerList} replace /> },
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
          {
            // Where the payment provider sends the browser back; reachable while the trial has expired.
            path: paths.paymentThanks,
            element: (
              <RequireRoute rule={{ permission: ['user', 'read'], allowWhenTrialExpired: true }}>
                <PaymentThanksPage />
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
