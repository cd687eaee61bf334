import type { User } from '@praxia/shared';
import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { getAfterLoginPath } from '../../app/after-login';
import { PageLoader } from '../../app/page-loader';
import { paths } from '../../app/paths';
import { readRememberedPath, setCurrentUser, useCurrentUser } from './session';
import { SignInPage } from './sign-in/sign-in-page';
import { forgetSignInJustMade, markSignInJustMade, wasSignInJustMade } from './stored-user';

/**
 * /login inside the staff app: the sign-in page; once signed in here, on to where the user belongs; a user who
 * arrives already signed in goes to main (spec foundations §2: the page is for guests).
 */
export function SignInRoute() {
  const { user, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  useEffect(() => {
    if (!isLoading && !user) forgetSignInJustMade();
  }, [isLoading, user]);
  if (isLoading) return <PageLoader />;
  if (user) {
    const target = wasSignInJustMade() ? getAfterLoginPath(user, readRememberedPath()) : paths.main;
    return <Navigate to={target} replace />;
  }
  const signedIn = (signedInUser: User) => {
    markSignInJustMade();
    setCurrentUser(signedInUser);
  };
  return <SignInPage onSignedIn={signedIn} onNavigate={(path) => navigate(path)} />;
}
