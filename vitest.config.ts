import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One Vitest run covers every in-process tier: pure packages, the web app (jsdom), the server
 * against a real PostgreSQL and, for what differs there, PGlite (decision 081).
 * One worker per core leaves a core idle while server tests wait on sockets, timers and the
 * database; two per core each import the server's module graph again and crowd the cores. One
 * more than the cores is the quickest of the three (apps/server/bench/results/rounds.md, Test
 * suite time).
 */
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest*.config.ts'],
    maxWorkers: availableParallelism() + 1,
  },
});
