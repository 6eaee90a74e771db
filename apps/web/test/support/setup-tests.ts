import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { tokenManager } from '../../src/lib/auth-token';
import { clearEarlyRequests } from '../../src/lib/early-requests';
import { server } from './msw-server';

// Pages are lazy route chunks: the first render of each waits for its module to be transformed,
// which on a busy machine takes longer than Testing Library's 1 s default for findBy*.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  server.resetHandlers();
  tokenManager.clear();
  clearEarlyRequests();
  localStorage.clear();
  sessionStorage.clear();
  document.body.style.overflow = '';
});

afterAll(() => server.close());
