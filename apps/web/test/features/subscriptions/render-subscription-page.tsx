import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { SubscriptionStatusResponse } from '@nocturne/contract/subscriptions/get-subscription-status';
import { createQueryClient } from '../../../src/lib/query-client';
import { createFakeRealtime } from '../../support/fake-realtime';
import { server } from '../../support/msw-server';
import { SubscriptionPage } from '../../../src/features/subscriptions/components/subscription-page';
import { RealtimeContext } from '../../../src/lib/realtime-context';

export const INVOICE_URL = 'https://pay.example/invoice/1';
export const PRICE = {
  nowpayments: 29,
  lifetime: 299,
  currency: 'usd',
  support_email: 'help@nocturne.test',
} as const;

export function statusOf(
  overrides: Partial<Extract<SubscriptionStatusResponse, { has_subscription: true }>> = {},
): SubscriptionStatusResponse {
  return {
    has_subscription: true,
    status: 'active',
    plan: 'monthly',
    is_lifetime: false,
    expires_at: new Date(Date.now() + 20 * 86_400_000).toISOString(),
    ...overrides,
  };
}

/** A promise the test settles later (a request left in flight). */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

type Answer = SubscriptionStatusResponse | Response;

/** GET /subscriptions/status answers `answer` (or a function of the call number); returns the calls. */
export function serveStatus(answer: Answer | ((call: number) => Answer)) {
  const calls: Request[] = [];
  server.use(
    http.get('*/api/v1/subscriptions/status', ({ request }) => {
      calls.push(request);
      const value = typeof answer === 'function' ? answer(calls.length) : answer;
      return value instanceof Response ? value : HttpResponse.json(value);
    }),
  );
  return calls;
}

export function servePrice(answer: Response | typeof PRICE = PRICE) {
  server.use(
    http.get('*/api/v1/subscriptions/price', () =>
      answer instanceof Response ? answer : HttpResponse.json(answer),
    ),
  );
}

export function serveCreate(
  answer: Response = HttpResponse.json({ message: 'Invoice created', invoice_url: INVOICE_URL }),
) {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/v1/subscriptions/create', async ({ request }) => {
      bodies.push(await request.json());
      return answer.clone();
    }),
  );
  return bodies;
}

export function errorAnswer(status: number, error: string, message = 'server text') {
  return HttpResponse.json({ error, message }, { status });
}

/** `price: false` leaves GET /subscriptions/price to the test's own handler. */
export function renderSubscriptionPage({
  fakeTimers = false,
  price = true,
}: { fakeTimers?: boolean; price?: boolean } = {}) {
  if (price) servePrice();
  const realtime = createFakeRealtime();
  const queryClient = createQueryClient();
  const user = userEvent.setup(fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <RealtimeContext.Provider value={realtime.client}>
          <SubscriptionPage userId="user-1" />
        </RealtimeContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, user, queryClient, realtime };
}
