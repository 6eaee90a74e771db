import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import type { Generation } from '@nocturne/contract/generations/generation';
import { createQueryClient } from '../../../src/lib/query-client';
import { signedInHandlers } from '../../support/fixtures';
import { server } from '../../support/msw-server';
import { FakeIntersectionObserver } from '../../support/fake-intersection-observer';
import { createFakeRealtime } from '../../support/fake-realtime';
import { GenerationHistory } from '../../../src/features/generations/components/generation-history';
import { RealtimeContext } from '../../../src/lib/realtime-context';

/** Serves `all` newest first, honouring limit and offset; records each query. */
export function serveHistory(all: Generation[], options: { delay?: Promise<void> } = {}) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v1/generations', async ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      await options.delay;
      const limit = Number(params.get('limit'));
      const offset = Number(params.get('offset'));
      return HttpResponse.json({
        generations: all.slice(offset, offset + limit),
        total: all.length,
      });
    }),
  );
  return queries;
}

export function renderHistory() {
  const realtime = createFakeRealtime();
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <RealtimeContext.Provider value={realtime.client}>
          <GenerationHistory />
        </RealtimeContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, user, realtime };
}

export async function findRows() {
  const list = await screen.findByRole('list', { name: 'Generations' });
  return within(list).getAllByTestId('generation-row');
}

/** Clean handlers, observer and globals around each history test; call at a file's top. */
export function setupGenerationHistoryTests() {
  beforeEach(() => {
    server.use(...signedInHandlers());
    FakeIntersectionObserver.instances = [];
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
