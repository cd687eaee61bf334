import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstViewBudget } from './build/first-view-budget';
import { FIRST_VIEW_PAGES } from './build/first-view-pages';
import { precompress } from './build/precompress';
import { publicPagesInDev } from './build/public-pages-dev';

// The server answers `refresh: true` when this differs from its APP_VERSION; both default to 0.1.0.
const appVersion = process.env.APP_VERSION ?? '0.1.0';

export default defineConfig({
  plugins: [
    // The booking widget (src/widget) is Preact, not React: each of its .tsx files says so with a
    // `/** @jsxImportSource preact */` pragma, which esbuild and tsc both honour, so one build and one tsconfig serve
    // both. React's Fast Refresh would wrap those files in React's runtime, hence they are left out of it.
    // The video page (src/video) is Preact too.
    react({ exclude: [/\/node_modules\//, /\/src\/widget\//, /\/src\/video\//] }),
    publicPagesInDev(),
    firstViewBudget(FIRST_VIEW_PAGES),
    precompress(),
  ],
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json: which chunks and styles each entry and lazy module needs (the first-view budget reads it).
    manifest: true,
    // Four entries: the staff app, the public pages, the booking widget and the video consultation; the last three never
    // load the staff app's code.
    rollupOptions: {
      input: { staff: 'index.html', 'public-pages': 'public-pages.html', widget: 'widget.html', video: 'video.html' },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
