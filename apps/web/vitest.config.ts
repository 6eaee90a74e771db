import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { FIRST_LOAD_TESTS, WEB_TEST_SETTINGS } from './vitest.first-load.config';

/**
 * The web app's tests in jsdom. Files share their worker's modules (decision 068), as the server's
 * do: each renders its own app with a fresh query cache and the setup file resets the rest. The
 * tests of the first load itself run in the `web-first-load` project, isolated.
 */
export default defineProject({
  plugins: [react()],
  test: {
    ...WEB_TEST_SETTINGS,
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: FIRST_LOAD_TESTS,
    isolate: false,
  },
});
