import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedInHandlers } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import { renderGenerationModal } from '../../../../test/features/generations/render-generation-modal';

function serveSwitch(generation: 'on' | 'premium_only' | 'off', message: string) {
  server.use(
    http.get('*/api/v1/service-status', () =>
      HttpResponse.json({ generation, message, announcement: null }),
    ),
  );
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  server.use(...signedInHandlers());
});
afterEach(() => {
  vi.useRealTimers();
});

describe('generation modal while an operator pauses generation', { timeout: 15_000 }, () => {
  it("shows the operator's message before anyone types and keeps Generate off", async () => {
    serveSwitch('off', 'Back at 10:00 UTC.');
    const view = renderGenerationModal();
    expect(await screen.findByRole('alert')).toHaveTextContent('Back at 10:00 UTC.');
    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
  });

  it("falls back on the catalogue's sentence without a message", async () => {
    serveSwitch('off', '');
    renderGenerationModal({ isPremium: true });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      PRODUCT_ERRORS.GENERATION_PAUSED.message,
    );
  });

  it('premium only: a free person sees the message, a premium person generates', async () => {
    serveSwitch('premium_only', 'Premium only tonight.');
    const free = renderGenerationModal({ isPremium: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('Premium only tonight.');
    free.unmount();
    const premium = renderGenerationModal({ isPremium: true });
    await premium.user.type(screen.getByLabelText('Prompt'), 'owl');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Generate' })).not.toBeDisabled(),
    );
    expect(screen.queryByTestId('generation-paused')).toBeNull();
  });

  it('shows nothing while generation is on', async () => {
    serveSwitch('on', 'left over from last time');
    const view = renderGenerationModal();
    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Generate' })).not.toBeDisabled(),
    );
    expect(screen.queryByTestId('generation-paused')).toBeNull();
  });
});
