import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedInHandlers } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import { renderApp } from '../../../../test/support/render-app';

const NOTICE = 'Preview model: install a model for real images';

/** Answers the image-engine status only once `release` is called. */
function serveSlowPreviewEngine() {
  let release!: () => void;
  const answered = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.get('*/api/v1/image-engine', async () => {
      await answered;
      return HttpResponse.json({ backend: 'onnx', model: 'x', is_preview: true, notice: NOTICE });
    }),
  );
  return release;
}

beforeEach(() => {
  server.use(
    ...signedInHandlers(),
    http.get('*/api/v1/subscriptions/active', () => HttpResponse.json({ was_expired: false })),
  );
});

describe('/dashboard first paint (issue 9: no layout shift)', () => {
  it('keeps the gallery skeleton until the preview notice is known, then shows both at once', async () => {
    const release = serveSlowPreviewEngine();
    renderApp('/dashboard');
    const skeleton = await screen.findByRole('status', { name: 'Loading your gallery' });
    // The favorites have answered (empty) by now; a notice arriving later would push them down.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(skeleton).toBeInTheDocument();
    expect(screen.queryByText('Your gallery is empty')).toBeNull();

    release();
    await screen.findByText('Your gallery is empty');
    // By text: the daily promo may already cover the page (and hide it from the role queries).
    expect(screen.getByText(NOTICE)).toBeInTheDocument();
    expect(screen.queryByTestId('gallery-tile-skeleton')).toBeNull();
  });

  it('shows the gallery without a notice when the real model runs', async () => {
    renderApp('/dashboard');
    await screen.findByText('Your gallery is empty');
    await waitFor(() => expect(screen.queryByTestId('gallery-tile-skeleton')).toBeNull());
    expect(screen.queryByText(NOTICE)).toBeNull();
  });
});
