import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { forgetRememberedPath, rememberPathForLogin, useCurrentUser } from '../features/auth/session';
import { decideGuard, type GuardRule } from './guard-decision';
import { PageLoader } from './page-loader';

/** Renders its children only when `decideGuard` allows the signed-in user (or guest) in. */
export function RequireRoute({ rule, children }: { rule: GuardRule; children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  const location = useLocation();
  const result = isLoading ? null : decideGuard(user, rule, location.pathname);
  const fullPath = `${location.pathname}${location.search}${location.hash}`;

  const shouldRemember = result?.kind === 'redirect' && result.remember;
  const isAllowed = result?.kind === 'allow';

  useEffect(() => {
    if (shouldRemember) rememberPathForLogin(fullPath);
    // Reaching a guarded page signed in means the remembered target has served its purpose.
    if (isAllowed) forgetRememberedPath();
  }, [shouldRemember, isAllowed, fullPath]);

  if (!result) return <PageLoader />;
  if (result.kind === 'redirect') return <Navigate to={result.to} replace />;
  return children;
}
