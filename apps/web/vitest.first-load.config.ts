import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/**
 * Tests of the first load: the entry's early requests, the first requests, the first page's
 * chunks and hydration. What they test is module state that lives once per page load (the early
 * answers waiting to be claimed, the route modules resolved in place, the app start-app.tsx
 * mounts), so each file gets fresh modules, as a page load does.
 */
export const FIRST_LOAD_TESTS = [
  'src/app/app-chunks.test.ts',
  'src/app/first-load-imports.test.ts',
  'src/app/hydrate-signed-in-page.test.tsx',
  'src/app/routes/app/dashboard-early-requests.test.tsx',
  'src/app/start-early-requests.test.ts',
  'src/app/start-first-requests.test.ts',
  'src/app/start-first-requests-signed-out.test.ts',
  'src/lib/after-page-load.test.ts',
];

/** What every web test file runs in, shared or isolated. */
export const WEB_TEST_SETTINGS = {
  environment: 'jsdom',
  setupFiles: ['./test/support/setup-tests.ts'],
  restoreMocks: true,
};

export default defineProject({
  plugins: [react()],
  test: { ...WEB_TEST_SETTINGS, name: 'web-first-load', include: FIRST_LOAD_TESTS },
});
