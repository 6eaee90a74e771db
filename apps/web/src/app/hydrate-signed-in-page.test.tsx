import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { favorite, serveFavorites } from '../../test/features/gallery/favorite-fixtures';
import { signedInHandlers } from '../../test/support/fixtures';
import { server } from '../../test/support/msw-server';
import { FIRST_ANSWER_PATHS, type FirstAnswers } from './first-answers';
import { EMBEDDED_ANSWERS_ID } from './read-embedded-answers';
import { renderSignedInPage } from './render-signed-in-page';

const PROMPT = 'an owl reading </script> by moonlight';

/** What the server does (apps/server/src/modules/web/signed-in-document.ts), on the mocked API. */
async function serverRenderedDocument(): Promise<string> {
  const { origin } = window.location;
  const session: unknown = await (await fetch(`${origin}/api/auth/get-session`)).json();
  const answers: FirstAnswers['answers'] = {};
  for (const path of FIRST_ANSWER_PATHS) {
    const response = await fetch(`${origin}${path}`, { headers: { authorization: 'Bearer t' } });
    answers[path] = { status: response.status, body: await response.json() };
  }
  // Not this browser's locale: the first render must still be the server's.
  const firstAnswers = { session, answers, render: { locale: 'de-DE', now: Date.now() } };
  const markup = await renderSignedInPage(`${origin}/dashboard`, firstAnswers);
  const json = JSON.stringify(firstAnswers).replace(/</g, '\\u003c');
  return `<div id="root">${markup}</div><script type="application/json" id="${EMBEDDED_ANSWERS_ID}">${json}</script>`;
}

beforeEach(() => {
  server.use(
    ...signedInHandlers(),
    http.get('*/api/v1/subscriptions/active', () => HttpResponse.json({ was_expired: false })),
    http.get('*/api/v1/credits', () =>
      HttpResponse.json({
        balance: 1234,
        user_type: 'standard',
        is_premium: false,
        next_eligible_at: null,
        can_request_credits: false,
      }),
    ),
  );
  serveFavorites([favorite(1, { content_prompt: PROMPT })]);
  window.history.replaceState(null, '', '/dashboard');
});

afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
});

describe('a /dashboard document the server rendered (docs/decisions/034)', () => {
  it('is hydrated: its nodes are kept, nothing it embeds is asked for again, no mismatch', async () => {
    document.body.innerHTML = await serverRenderedDocument();
    // Formatted as the server's locale has it, which the hydrating render must repeat.
    expect(screen.getByTestId('credit-balance-value')).toHaveTextContent('1.234');
    const tile = screen.getByRole('button', { name: `Open image: ${PROMPT}` });
    const sort = screen.getByLabelText<HTMLSelectElement>('Sort by');
    const consoleError = vi.spyOn(console, 'error');
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      asked.push(`${url.pathname}${url.search}`);
    });

    await import('./start-app');
    const root = document.getElementById('root')!;
    await waitFor(() =>
      expect(Object.keys(root).some((key) => key.startsWith('__reactContainer'))).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(consoleError).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: `Open image: ${PROMPT}` })).toBe(tile);
    const pathsAsked = asked.map((url) => url.split('?')[0]);
    for (const path of [
      '/api/auth/get-session',
      '/api/v1/credits',
      '/api/v1/favorites',
      '/api/v1/image-engine',
      '/api/v1/subscriptions/active',
      '/api/v1/user/preferences',
    ])
      expect(pathsAsked).not.toContain(path);

    // React handles events on the server's nodes: a new order asks for the gallery again.
    await userEvent.setup().selectOptions(sort, 'prompt');
    await waitFor(() =>
      expect(asked.some((url) => url.includes('orderBy=content_prompt'))).toBe(true),
    );
    expect(screen.getByLabelText('Sort by')).toBe(sort);
  });
});
