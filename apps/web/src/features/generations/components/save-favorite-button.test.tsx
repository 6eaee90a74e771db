import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedInHandlers } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import {
  joinedRow,
  PNG_BASE64,
  serveGenerate,
} from '../../../../test/features/generations/generation-fixtures';
import { renderGenerationModal } from '../../../../test/features/generations/render-generation-modal';

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

async function renderResult() {
  const view = renderGenerationModal();
  await view.user.type(screen.getByLabelText('Prompt'), 'a moonlit owl');
  await view.user.click(screen.getByRole('button', { name: 'Generate' }));
  await waitFor(() => expect(view.realtime.socket().joins(CHANNEL)).toHaveLength(1));
  act(() => view.realtime.socket().ack('SUBSCRIBED', CHANNEL, joinedRow()));
  act(() =>
    view.realtime.socket().send(CHANNEL, 'result', {
      request_id: 'req-1',
      status: 'completed',
      generation_id: 'gen-1',
      image_index: 0,
      seed: 1234,
      result_base64: PNG_BASE64,
    }),
  );
  await screen.findByText('Image generated successfully!');
  return view;
}

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
async function controlAfter(view: Awaited<ReturnType<typeof renderResult>>, control: HTMLElement) {
  control.focus();
  await view.user.tab();
  const next = document.activeElement as HTMLElement;
  control.focus();
  return next;
}

describe('Save to favorites from the keyboard (issue 47)', () => {
  it('focus goes on to the next control, never to a disabled button, and the save is announced', async () => {
    serveFavorite(savedFavorite);
    const view = await renderResult();
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
    const view = await renderResult();
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
