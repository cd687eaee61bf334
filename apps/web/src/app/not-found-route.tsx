import { useCurrentUser } from '../features/auth/session';
import { NotFoundPage } from '../features/common/not-found-page';
import { PageLoader } from './page-loader';
import { PublicFrame } from './public-layout';
import { ShellFrame } from './shell-layout';

/** The 404 page is public, but a signed-in user keeps the sidebar there so they can find their way back. */
export function NotFoundRoute() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageLoader />;
  if (user) {
    return (
      <ShellFrame>
        <NotFoundPage />
      </ShellFrame>
    );
  }
  return (
    <PublicFrame>
      <NotFoundPage />
    </PublicFrame>
  );
}
