import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { GuardRule } from './guard-decision';
import { RequireRoute } from './guards';

/** Mantine's full sheet, which every screen but the sign-in page needs (see ./first-view-styles). */
export const loadAllStyles = () => import('./all-styles');

/**
 * A route whose page code loads on the first visit (its own chunk, so the sign-in page does not carry it), behind
 * the guard `rule` when given. The router keeps the previous page until the chunk is there.
 */
export function lazyPage(load: () => Promise<ComponentType>, rule?: GuardRule): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const [Page] = await Promise.all([load(), loadAllStyles()]);
      return {
        element: rule ? (
          <RequireRoute rule={rule}>
            <Page />
          </RequireRoute>
        ) : (
          <Page />
        ),
      };
    },
  };
}
