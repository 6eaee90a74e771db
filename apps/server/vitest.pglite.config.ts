import { defineProject } from 'vitest/config';

/** Server tests in-process against PGlite (one migrated dump, loaded privately per test file). */
export default defineProject({
  test: {
    name: 'server-pglite',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Files share a worker's module graph (decision 068); each still opens its own database and app.
    isolate: false,
    globalSetup: ['./test/global-setup-pglite.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
