import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import type { CreditState } from '@nocturne/contract/credits/get-credits';
import { createQueryClient } from '../../../src/lib/query-client';
import type { RealtimeClient } from '../../../src/lib/realtime';
import { signedInHandlers } from '../../support/fixtures';
import { server } from '../../support/msw-server';
import { CreditsProvider } from '../../../src/features/credits/components/credits-provider';
import { createFakeRealtime } from '../../support/fake-realtime';
import { RealtimeContext } from '../../../src/lib/realtime-context';

export function creditState(overrides: Partial<CreditState> = {}): CreditState {
  return {
    balance: 10,
    user_type: 'standard',
    is_premium: false,
    next_eligible_at: null,
    can_request_credits: false,
    ...overrides,
  };
}

/** GET /api/v1/credits answers `state` (or a function of the call number); returns the calls. */
export function serveCredits(state: CreditState | ((call: number) => Response | CreditState)) {
  const calls: Request[] = [];
  server.use(
    http.get('*/api/v1/credits', ({ request }) => {
      calls.push(request);
      const answer = typeof state === 'function' ? state(calls.length) : state;
      return answer instanceof Response ? answer : HttpResponse.json(answer);
    }),
  );
  return calls;
}

export function errorResponse(status: number, error: string, message = 'server text') {
  return HttpResponse.json({ error, message }, { status });
}

export function renderWithCredits(
  ui: ReactNode,
  {
    userId = 'user-1',
    realtimeClient,
    fakeTimers = false,
  }: { userId?: string | null; realtimeClient?: RealtimeClient; fakeTimers?: boolean } = {},
) {
  const realtime = createFakeRealtime();
  const queryClient = createQueryClient();
  const user = userEvent.setup(fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <RealtimeContext.Provider value={realtimeClient ?? realtime.client}>
          <CreditsProvider userId={userId}>{ui}</CreditsProvider>
        </RealtimeContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, user, queryClient, realtime };
}

/** The state a rendered Probe shows. */
export const probeState = () => JSON.parse(screen.getByTestId('state').textContent ?? '{}');

/** A signed-in person and a silenced console.error around each test; call at a file's top. */
export function setupCreditsProviderTests() {
  beforeEach(() => {
    server.use(...signedInHandlers());
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.useRealTimers());
}
