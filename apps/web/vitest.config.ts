import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { FIRST_LOAD_TESTS } from './vitest.first-load.config';

/**
 * The web app's tests in jsdom. Files share their worker's modules (decision 068), as the server's
 * do: each renders its own app with a fresh query cache and the setup file resets the rest. The
 * tests of the first load itself run in the `web-first-load` project, isolated.
 */
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: FIRST_LOAD_TESTS,
    setupFiles: ['./src/testing/setup-tests.ts'],
    restoreMocks: true,
    isolate: false,
  },
});
