import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { tokenManager } from '../lib/auth-token';
import { server } from './msw-server';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  server.resetHandlers();
  tokenManager.clear();
  localStorage.clear();
  sessionStorage.clear();
  document.body.style.overflow = '';
});

afterAll(() => server.close());
