import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../app/page-loader';
import { paths } from '../../app/paths';
import { logout } from './api';
import { clearSession } from './session';

/** Ends the session on the server, forgets the user here (role back to guest) and goes to login. */
export function LogoutPage() {
  const navigate = useNavigate();
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    void logout()
      .catch(() => {
        // Signed out locally either way; a server that cannot be reached ends the session by timeout.
      })
      .finally(() => {
        clearSession();
        void navigate(paths.login, { replace: true });
      });
  }, [navigate]);

  return <PageLoader />;
}
