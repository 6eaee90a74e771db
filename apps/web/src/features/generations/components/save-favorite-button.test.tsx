import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedInHandlers } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import { serveGenerate } from '../../../../test/features/generations/generation-fixtures';
import { renderCompletedGeneration } from '../../../../test/features/generations/render-completed-generation';

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
  server.use(http.post('*/api/v1/generations/:id/favorite', answer));
}

const savedFavorite = () =>
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
  });

/** The control after `control` in Tab order, as the keyboard reaches it. */
async function controlAfter(
  view: Awaited<ReturnType<typeof renderCompletedGeneration>>,
  control: HTMLElement,
) {
  control.focus();
  await view.user.tab();
  const next = document.activeElement as HTMLElement;
  control.focus();
  return next;
}

describe('Save to favorites from the keyboard (issue 47)', () => {
  it('focus goes on to the next control, never to a disabled button, and the save is announced', async () => {
    serveFavorite(savedFavorite);
    const view = await renderCompletedGeneration();
    const save = screen.getByRole('button', { name: 'Save to favorites' });
    const next = await controlAfter(view, save);
    expect(next).not.toBe(document.body);

    await view.user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'Saved!' })).toBeDisabled();
    expect(next).toHaveFocus();
    expect(document.activeElement).not.toBe(document.body);
    expect(document.activeElement).toBeEnabled();
    expect(within(screen.getByRole('dialog')).getByText('Saved to favorites')).toHaveAttribute(
      'role',
      'status',
    );
  });

  it('a failed save gives focus back to the button, to try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serveFavorite(() => HttpResponse.json({ error: 'NOT_FOUND', message: 'x' }, { status: 404 }));
    const view = await renderCompletedGeneration();
    const save = screen.getByRole('button', { name: 'Save to favorites' });
    save.focus();

    await view.user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to save image to gallery. Please try again.',
    );
    await waitFor(() => expect(save).toHaveFocus());
    expect(save).toBeEnabled();
    expect(screen.queryByText('Saved to favorites')).toBeNull();
  });
});
