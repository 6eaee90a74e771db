import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One Vitest run covers every in-process tier: pure packages, the web app (jsdom), the server
 * against PGlite, and the same server suite against a real PostgreSQL (see apps/server/test).
 * Vitest's default of one worker per core less one leaves a 2-core machine running one file at a
 * time, idle while server tests wait on sockets, timers and the database: two files per core keep
 * the cores busy.
 */
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest*.config.ts'],
    maxWorkers: Math.max(2, availableParallelism() * 2),
  },
});
