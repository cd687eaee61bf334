// First: every screen's texts join the sign-in page's few before any screen is drawn.
import '../lib/staff-texts';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { handleUnauthorized } from '../features/auth/session';
import { setUnauthorizedListener } from '../lib/api-client';
import { Providers } from './providers';
import { createStaffRouter } from './router';

/** Draws the staff app (Mantine, router, query client, every screen) into the page's root, for the current address. */
export function renderStaffApp(root: Root): void {
  setUnauthorizedListener(handleUnauthorized);
  root.render(
    <StrictMode>
      <Providers>
        <RouterProvider router={createStaffRouter()} />
      </Providers>
    </StrictMode>,
  );
}
