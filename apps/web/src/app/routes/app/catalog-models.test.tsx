import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '@nocturne/contract/users/preferences';
import {
  generation,
  serveGenerate,
} from '../../../../test/features/generations/generation-fixtures';
import { CATALOG, serveModels } from '../../../../test/features/generations/model-fixtures';
import { signedInHandlers } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import { renderApp } from '../../../../test/support/render-app';

beforeEach(() => {
  server.use(
    ...signedInHandlers(),
    http.get('*/api/v1/subscriptions/active', () => HttpResponse.json({ was_expired: false })),
    http.get('*/api/v1/user/preferences', () =>
      HttpResponse.json({ ...DEFAULT_PREFERENCES, showDailyPromo: false }),
    ),
  );
});

function serveRows(...rows: ReturnType<typeof generation>[]) {
  server.use(
    http.get('*/api/v1/generations', () =>
      HttpResponse.json({ generations: rows, total: rows.length }),
    ),
  );
}

describe('the model of a generation in history (issue 30 §2)', () => {
  it('names it in the row and the detail view; an id the catalog lost is shown as the id', async () => {
    serveModels();
    serveRows(
      generation(1, { content_prompt: 'a lighthouse', model: 'detail' }),
      generation(2, { content_prompt: 'an owl', model: 'retired-model' }),
    );
    const { user } = renderApp('/history/generations');
    const [first, second] = await screen.findAllByTestId('generation-row');
    await waitFor(() =>
      expect(within(first!).getByTestId('generation-options')).toHaveTextContent(/^Detail · 1:1/),
    );
    expect(within(second!).getByTestId('generation-options')).toHaveTextContent(
      /^retired-model · 1:1/,
    );
    await user.click(within(first!).getByRole('button', { name: 'Open image: a lighthouse' }));
    const details = await screen.findByRole('dialog', { name: 'Image details' });
    expect(within(details).getByText('Model').nextElementSibling).toHaveTextContent('Detail');
  });

  it("'Use these settings' chooses the row's model again and submits it", async () => {
    const served = serveModels();
    const calls = serveGenerate();
    serveRows(generation(1, { content_prompt: 'a lighthouse', model: 'detail' }));
    const { user } = renderApp('/history/generations');
    const [row] = await screen.findAllByTestId('generation-row');
    await user.click(within(row!).getByRole('button', { name: /^Use these settings/ }));
    const modal = await screen.findByRole('dialog', { name: 'Generate Image' });
    expect(await within(modal).findByRole('radio', { name: /^Detail/ })).toBeChecked();
    expect(within(modal).getByTestId('generation-cost')).toHaveTextContent(/^3 credits$/);
    await user.click(within(modal).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ content_prompt: 'a lighthouse', model: 'detail' });
    // Page, rows and modal share one read of the catalog for the session.
    expect(served.count).toBe(1);
  });
});

describe("/subscription's models perk (issue 30 §2)", () => {
  it('names the Premium models this server has', async () => {
    serveModels([...CATALOG, { ...CATALOG[2]!, id: 'pro', name: 'Pro Portrait' }]);
    renderApp('/subscription');
    const features = await screen.findByRole('list', { name: 'Premium features' });
    expect(await within(features).findByText('Advanced AI Models')).toBeInTheDocument();
    expect(features).toHaveTextContent(
      'The Premium models on this server: Studio XL and Pro Portrait.',
    );
  });

  it("keeps the spec's title and promises no models when the server has no Premium one", async () => {
    serveModels(CATALOG.filter((model) => model.tier === 'free'));
    renderApp('/subscription');
    const features = await screen.findByRole('list', { name: 'Premium features' });
    expect(await within(features).findByText('Advanced AI Models')).toBeInTheDocument();
    expect(features).not.toHaveTextContent(/Every Model Included/);
    expect(features).toHaveTextContent(
      'This server has no Premium-only models yet: Premium uses each of the models it has, with no credits spent.',
    );
  });
});
