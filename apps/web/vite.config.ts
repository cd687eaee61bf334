import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstViewBudget } from './build/first-view-budget';
import { precompress } from './build/precompress';
import { publicPagesInDev } from './build/public-pages-dev';

// The server answers `refresh: true` when this differs from its APP_VERSION; both default to 0.1.0.
const appVersion = process.env.APP_VERSION ?? '0.1.0';

export default defineConfig({
  plugins: [
    react(),
    publicPagesInDev(),
    firstViewBudget({ 'index.html': 150_000, 'public-pages.html': 100_000 }),
    precompress(),
  ],
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Two entries: the staff app, and the public pages, which must never load the staff app's code.
    rollupOptions: { input: { staff: 'index.html', 'public-pages': 'public-pages.html' } },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
