import { Navigate, useNavigate } from 'react-router';
import { getAfterLoginPath } from '../../app/after-login';
import { PageLoader } from '../../app/page-loader';
import { readRememberedPath, setCurrentUser, useCurrentUser } from './session';
import { SignInPage } from './sign-in/sign-in-page';

/** /login inside the staff app: the sign-in page, or straight on to where a signed-in user belongs. */
export function SignInRoute() {
  const { user, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  if (isLoading) return <PageLoader />;
  if (user) return <Navigate to={getAfterLoginPath(user, readRememberedPath())} replace />;
  return <SignInPage onSignedIn={setCurrentUser} onNavigate={(path) => navigate(path)} />;
}
