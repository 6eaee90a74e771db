import { defineProject } from 'vitest/config';

/** The same test files against a real PostgreSQL (DATABASE_URL or a throwaway local cluster). */
export default defineProject({
  test: {
    name: 'server-postgres',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    // Files that open no database at all (pure rules, Redis alone) would only run a second time.
    exclude: [
      'src/modules/moderation/check-prompt-policy.test.ts',
      'src/modules/moderation/real-people-misspellings.test.ts',
      'src/modules/moderation/allowed-phrases-corpus.test.ts',
      'src/modules/moderation/moderation-corpus.test.ts',
      'src/lib/redis-window-counter.test.ts',
      'src/lib/redis-known-addresses.test.ts',
    ],
    environment: 'node',
    // Files share a worker's module graph (decision 068); each still opens its own database and app.
    isolate: false,
    globalSetup: ['./test/global-setup-postgres.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
