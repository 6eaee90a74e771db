import { defineProject } from 'vitest/config';

/**
 * Server tests in-process against PGlite (one migrated dump, loaded privately per test file).
 * PGlite is the same PostgreSQL engine compiled to WebAssembly: what differs is its one connection
 * in the test's own thread (transactions in turn, LISTEN in-process) and its files on disk. So
 * this project runs the files whose subject those differences touch, and the money and queue flows
 * on top of them; every server file runs on PostgreSQL (vitest.postgres.config.ts) and the whole
 * product runs on PGlite in the end-to-end suite (docs/decisions/002-test-tiers.md). A new
 * module's route tests join this list when the issue that brings them asks for both databases.
 */
export const PGLITE_TESTS = [
  // The database layer: opening, migrating, sessions, listening, the unit of work.
  'src/db/**/*.test.ts',
  // Processes: crash recovery on PGlite's files, the embedded start.
  'src/process/**/*.test.ts',
  'src/start-server.test.ts',
  'src/modules/operators/manage-operators.test.ts',
  // Money: every credit movement and claim, payments' effects, the IPN, an account's deletion.
  'src/modules/credits/{credit-claim-routes,credit-concurrency,credit-ledger-debits,credit-ledger-grants}.test.ts',
  'src/modules/billing/{payment-effects,ipn-routes}.test.ts',
  'src/modules/account-data/delete-user-account.test.ts',
  'src/worker/**/*.test.ts',
  // The submit and the queue: one submit path, claims, cancel, wake-ups through LISTEN.
  'src/modules/generations/{generation-flow,one-submit-path,create-generation,create-generation-concurrency,prompt-choices-submit}.test.ts',
  'src/modules/generations/{generation-queue-claims,generation-queue-submit,claim-loop-wake-ups,queued-rows-wake-workers,worker-line,generation-cancel,release-held-generations}.test.ts',
  // The gallery's search on its trigram indexes (decision 013), and model health (decision 077).
  'src/modules/generations/favorites/{find-favorites,favorites-search-plan}.test.ts',
  // Catalog LoRAs in the submit and the price of an upscale ×4: both databases (issue 46).
  'src/modules/generations/lora-submit.test.ts',
  'src/modules/models/upscale-4-cost.test.ts',
  'src/modules/models/model-health.test.ts',
  // Characters and wildcard lists, and the submit that expands them (issue 46).
  'src/modules/{characters,wildcards}/**/*.test.ts',
  'src/modules/generations/prompt-references-submit.test.ts',
  // Inpainting: its submit, its charge and refund, its mask beside the queue (issue 46).
  'src/modules/generations/{inpaint-routes,inpaint-worker}.test.ts',
  // Webhooks: the outbox filled in the generation's transaction, claims across loops (issue 48).
  'src/modules/webhooks/**/*.test.ts',
  // Personal API keys: a key is a way in, looked up on every request (issue 48).
  'src/modules/api-keys/**/*.test.ts',
  // Realtime events carried by NOTIFY.
  'src/modules/realtime/{realtime,realtime-sessions}.test.ts',
];

export default defineProject({
  test: {
    name: 'server-pglite',
    root: import.meta.dirname,
    include: PGLITE_TESTS,
    environment: 'node',
    // Files share a worker's module graph (decision 068); each still opens its own database and app.
    isolate: false,
    globalSetup: ['./test/global-setup-pglite.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
