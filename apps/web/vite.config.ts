import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server answers `refresh: true` when this differs from its APP_VERSION; both default to 0.1.0.
const appVersion = process.env.APP_VERSION ?? '0.1.0';

export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  build: { outDir: 'dist', emptyOutDir: true },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
