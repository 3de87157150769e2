import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/*
 * Projects: contract, machine models and pure unit tests; the API suite twice (SQLite, then PostgreSQL with the
 * same files); browser journeys in headless Chromium. Server suites run files one at a time per
 * worker because each starts a real server on a real database.
 */
const serverProject = (name: string, db: 'sqlite' | 'postgres') => ({
  test: {
    name,
    include: ['tests/server/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: db },
    globalSetup: db === 'postgres' ? ['tests/server/support/postgresGlobalSetup.ts'] : [],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['tests/contract/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'model', include: ['tests/model/**/*.test.ts'], environment: 'node' } },
      // Pure server-side logic (indicators, strategy evaluation, backtests): no server, no database.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        plugins: [react()],
        test: {
          name: 'app',
          include: ['tests/app/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/app/support/setup.ts'],
        },
      },
      serverProject('server-sqlite', 'sqlite'),
      serverProject('server-postgres', 'postgres'),
      // Several real server processes (api, worker, feed roles) on PostgreSQL and Redis (issue 9); run once.
      {
        test: {
          name: 'scale',
          include: ['tests/scale/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/support/postgresGlobalSetup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
