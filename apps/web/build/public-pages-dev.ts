import type { Plugin } from 'vite';
// Relative, not '@praxia/shared': Vite bundles the config's relative imports, while Node cannot load the package's .ts.
import { isPublicPagePath, isVideoPagePath, isWidgetPagePath } from '../../../packages/shared/src/public-pages';

/**
 * In `vite` (dev), the public pages' addresses get public-pages.html, the booking widget's widget.html and the video
 * consultation's video.html, as the API server does for the build.
 */
export function publicPagesInDev(): Plugin {
  return {
    name: 'praxia-public-pages-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const pathname = request.url?.split('?')[0] ?? '';
        // Only the file served changes: the page still reads its own address (ids, ?lang, ?slot) from the browser.
        if (isWidgetPagePath(pathname)) request.url = '/widget.html';
        else if (isVideoPagePath(pathname)) request.url = '/video.html';
        else if (isPublicPagePath(pathname)) request.url = '/public-pages.html';
        next();
      });
    },
  };
}
