import type { Plugin } from 'vite';
// Relative, not '@praxia/shared': Vite bundles the config's relative imports, while Node cannot load the package's .ts.
import { isPublicPagePath } from '../../../packages/shared/src/public-pages';

/** In `vite` (dev), the public pages' addresses get public-pages.html, as the API server does for the build. */
export function publicPagesInDev(): Plugin {
  return {
    name: 'praxia-public-pages-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (isPublicPagePath(request.url?.split('?')[0] ?? '')) request.url = '/public-pages.html';
        next();
      });
    },
  };
}
