import { defineConfig } from 'vitest/config';

/**
 * One Vitest run covers every in-process tier: pure packages, the web app (jsdom), the server
 * against PGlite, and the same server suite against a real PostgreSQL (see apps/server/test).
 */
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest*.config.ts'],
  },
});
