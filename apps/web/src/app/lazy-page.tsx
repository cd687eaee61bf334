import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { GuardRule } from './guard-decision';
import { RequireRoute } from './guards';

/**
 * A route whose page code loads on the first visit (its own chunk, so the sign-in page does not carry it), behind
 * the guard `rule` when given. The router keeps the previous page until the chunk is there.
 */
export function lazyPage(load: () => Promise<ComponentType>, rule?: GuardRule): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const Page = await load();
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
