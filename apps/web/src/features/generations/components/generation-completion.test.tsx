import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { signedInHandlers } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import {
  PNG_BASE64,
  serveGenerate,
} from '../../../../test/features/generations/generation-fixtures';
import { renderCompletedGeneration } from '../../../../test/features/generations/render-completed-generation';
import { SaveFavoriteButton } from './save-favorite-button';

const CHANNEL = 'generation:req-1';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  server.use(...signedInHandlers());
  serveGenerate();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function serveFavorite(answer: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/v1/generations/:id/favorite', async ({ request, params }) => {
      bodies.push({ id: params.id, ...((await request.json()) as object) });
      return answer();
    }),
  );
  return bodies;
}

describe('generation modal: completion', () => {
  it('downloads as generated-image-{timestamp}.png', async () => {
    const view = await renderCompletedGeneration();
    const downloads: Array<{ name: string; href: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push({ name: this.download, href: this.href });
    });
    await view.user.click(screen.getByRole('button', { name: 'Download' }));
    expect(downloads).toHaveLength(1);
    expect(downloads[0]?.name).toMatch(/^generated-image-\d{13}\.png$/);
    expect(downloads[0]?.href).toBe(`data:image/png;base64,${PNG_BASE64}`);
  });

  it("saves to favorites: 'Saving...' then 'Saved!' (disabled), sending the base64 by generation id", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const bodies = serveFavorite(() =>
      HttpResponse.json({
        favorite: {
          id: 'fav-1',
          generation_id: 'gen-1',
          source_prompt: '',
          content_prompt: 'a moonlit owl',
          result_image_url: '/images/fav-1.png',
          created_at: '2026-02-03T10:00:00.000Z',
          settings: null,
        },
      }),
    );
    server.use(
      http.post('*/api/v1/generations/:id/favorite', async () => {
        await gate;
        return undefined;
      }),
    );
    const view = await renderCompletedGeneration();
    await view.user.click(screen.getByRole('button', { name: 'Save to favorites' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Saved!' })).toBeDisabled();
    expect(bodies).toEqual([{ id: 'gen-1', result_base64: PNG_BASE64 }]);
  });

  it('treats 409 ALREADY_EXISTS as saved', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serveFavorite(() =>
      HttpResponse.json({ error: 'ALREADY_EXISTS', message: 'x' }, { status: 409 }),
    );
    const view = await renderCompletedGeneration();
    await view.user.click(screen.getByRole('button', { name: 'Save to favorites' }));
    expect(await screen.findByRole('button', { name: 'Saved!' })).toBeDisabled();
  });

  it('shows the save failure message and lets the user try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serveFavorite(() => HttpResponse.json({ error: 'NOT_FOUND', message: 'x' }, { status: 404 }));
    const view = await renderCompletedGeneration();
    await view.user.click(screen.getByRole('button', { name: 'Save to favorites' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to save image to gallery. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Save to favorites' })).toBeEnabled();
  });

  it("'Generate Again' returns to the input step with nothing running", async () => {
    const view = await renderCompletedGeneration();
    expect(view.realtime.socket().leaves()).toContain(CHANNEL);
    await view.user.click(screen.getByRole('button', { name: 'Generate Again' }));
    expect(screen.getByLabelText('Prompt')).toHaveValue('a moonlit owl');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('keeps the close button on completion, but the backdrop does not close it', async () => {
    const view = await renderCompletedGeneration({ isPremium: true });
    await view.user.click(screen.getByTestId('modal-backdrop'));
    expect(view.onClose).not.toHaveBeenCalled();
    await view.user.click(screen.getByRole('button', { name: 'Close modal' }));
    expect(view.onClose).toHaveBeenCalledTimes(1);
  });

  it('nudges towards Premium at 3 credits or fewer, not above', async () => {
    await renderCompletedGeneration({ balance: 3 });
    expect(
      screen.getByText('Only 3 credits left — go Premium for unlimited generations.'),
    ).toBeInTheDocument();
  });

  it('no nudge with more credits', async () => {
    await renderCompletedGeneration({ balance: 4 });
    expect(screen.queryByText(/go Premium for unlimited generations/)).not.toBeInTheDocument();
  });
});

describe('generation modal: after completion for non-premium users', () => {
  it('counts the generation in userGenerationCount and tells the header', async () => {
    localStorage.setItem('userGenerationCount', '4');
    const storageEvents: Array<string | null> = [];
    window.addEventListener('storage', (event) => storageEvents.push(event.key));
    await renderCompletedGeneration();
    expect(localStorage.getItem('userGenerationCount')).toBe('5');
    expect(storageEvents).toContain('userGenerationCount');
  });

  it('opens the upgrade modal 1.5 s after completion, over the image', async () => {
    const view = await renderCompletedGeneration();
    await act(() => vi.advanceTimersByTimeAsync(1_200));
    expect(
      screen.queryByRole('dialog', { name: 'Unlock unlimited imagination' }),
    ).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(350));
    const upgrade = screen.getByRole('dialog', { name: 'Unlock unlimited imagination' });
    expect(within(upgrade).getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    // The image stays underneath, hidden from assistive technology; Tab cycles inside the
    // upgrade modal only.
    expect(screen.getByRole('dialog', { name: 'Generate Image', hidden: true })).toBeVisible();
    const link = within(upgrade).getByRole('link', { name: 'Upgrade to Premium' });
    const later = within(upgrade).getByRole('button', { name: 'Maybe later' });
    const close = within(upgrade).getByRole('button', { name: 'Close modal' });
    close.focus();
    await view.user.tab();
    expect(link).toHaveFocus();
    await view.user.tab();
    expect(later).toHaveFocus();
    await view.user.tab();
    expect(close).toHaveFocus();
    // Escape closes only the upgrade modal.
    await view.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Unlock unlimited imagination' })).toBeNull();
    expect(view.onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    const generation = screen.getByRole('dialog', { name: 'Generate Image' });
    await waitFor(() => expect(generation).toContainElement(document.activeElement as HTMLElement));
  });

  it('premium users get neither the upgrade modal nor a count', async () => {
    await renderCompletedGeneration({ isPremium: true, balance: 0 });
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(screen.queryByRole('dialog', { name: 'Unlock unlimited imagination' })).toBeNull();
    expect(localStorage.getItem('userGenerationCount')).toBeNull();
    expect(screen.queryByText(/go Premium/)).not.toBeInTheDocument();
  });
});

describe('SaveFavoriteButton', () => {
  it('refuses to save without a request id', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SaveFavoriteButton requestId={null} imageSrc={`data:image/png;base64,${PNG_BASE64}`} />
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Save to favorites' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Unable to save image - missing request ID.',
    );
  });
});
