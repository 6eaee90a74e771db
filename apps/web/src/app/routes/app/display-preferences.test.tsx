import { DEFAULT_PREFERENCES, type Preferences } from '@nocturne/contract/users/preferences';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { generation } from '../../../../test/features/generations/generation-fixtures';
import { incrementGenerationCount } from '../../../lib/generation-count';
import { markPromoShown } from '../../../lib/promo-day';
import { signedInHandlers } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import { renderApp } from '../../../../test/support/render-app';

const favorite = {
  id: 'f1',
  generation_id: 'g1',
  source_prompt: '',
  content_prompt: 'an owl under the moon',
  result_image_url: '/images/ab/owl.png',
  created_at: new Date().toISOString(),
  settings: null,
};

function serve(preferences: Partial<Preferences>) {
  server.use(
    ...signedInHandlers(),
    http.get('*/api/v1/subscriptions/active', () => HttpResponse.json({ was_expired: false })),
    http.get('*/api/v1/user/preferences', () =>
      HttpResponse.json({ ...DEFAULT_PREFERENCES, ...preferences }),
    ),
    http.get('*/api/v1/favorites', () => HttpResponse.json({ favorites: [favorite], total: 1 })),
    http.get('*/api/v1/generations', () =>
      HttpResponse.json({
        generations: [generation(1, { status: 'completed', result_image_url: '/images/ab/g.png' })],
        total: 1,
      }),
    ),
  );
}

async function thumbnail(name: RegExp) {
  const button = await screen.findByRole('button', { name });
  return button.querySelector('img');
}

/** The preferences the pages compose: every value changes what the person sees. */
describe('display preferences on /dashboard and /history/generations', () => {
  beforeEach(() => localStorage.clear());

  it('blurs gallery and history thumbnails only when the person asked for it', async () => {
    markPromoShown();
    serve({ blurThumbnails: true });
    const dashboard = renderApp('/dashboard');
    await waitFor(async () =>
      expect((await thumbnail(/Open image: an owl/))?.className).toContain('blur-xl'),
    );
    dashboard.unmount();
    renderApp('/history/generations');
    await waitFor(async () =>
      expect((await thumbnail(/Open image/))?.className).toContain('blur-xl'),
    );
  });

  it('shows sharp thumbnails by default', async () => {
    markPromoShown();
    serve({});
    renderApp('/dashboard');
    await waitFor(async () =>
      expect((await thumbnail(/Open image: an owl/))?.className).not.toContain('blur'),
    );
  });

  it('shows the daily promo to a free user unless they turned it off', async () => {
    incrementGenerationCount();
    serve({});
    const first = renderApp('/dashboard');
    expect(
      await screen.findByRole('dialog', { name: 'Tonight, create without limits' }),
    ).toBeInTheDocument();
    first.unmount();

    localStorage.clear();
    incrementGenerationCount();
    serve({ showDailyPromo: false });
    renderApp('/dashboard');
    await screen.findByRole('button', { name: /Open image: an owl/ });
    expect(
      screen.queryByRole('dialog', { name: 'Tonight, create without limits' }),
    ).not.toBeInTheDocument();
  });
});
