import { defineConfig } from 'vitest/config';

// Three tiers (conventions.md): unit next to the code, API integration against a real database, browser end-to-end.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.tsx',
            'apps/web/{build,scripts}/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          // Tests that need a PostgreSQL server (killing its connections) belong to the PostgreSQL pass only.
          exclude: process.env.DATABASE_URL ? [] : ['apps/api/test/**/*.postgres.test.ts'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          setupFiles: ['apps/api/test/fail-on-concurrent-queries.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.e2e.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
