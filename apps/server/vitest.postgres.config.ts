import { defineProject } from 'vitest/config';

/**
 * Every server test file against a real PostgreSQL (DATABASE_URL or a throwaway local cluster):
 * the database production deployments run. The files about what PGlite does differently run on
 * PGlite too (vitest.pglite.config.ts).
 */
export default defineProject({
  test: {
    name: 'server-postgres',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Files share a worker's module graph (decision 068); each still opens its own database and app.
    isolate: false,
    globalSetup: ['./test/global-setup-postgres.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
