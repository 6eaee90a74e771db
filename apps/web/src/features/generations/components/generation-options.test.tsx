import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedInHandlers } from '../../../testing/fixtures';
import { server } from '../../../testing/msw-server';
import { joinedRow, PNG_BASE64, serveGenerate } from '../testing/generation-fixtures';
import { renderGenerationModal } from '../testing/render-generation-modal';

const CHANNEL = 'generation:req-1';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  server.use(...signedInHandlers());
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function optionsToggle() {
  return screen.getByRole('button', { name: /^Options/ });
}

describe('generation modal: options panel', () => {
  it('is collapsed by default, after the unchanged 5-row prompt and its helper text', () => {
    renderGenerationModal();
    const prompt = screen.getByLabelText('Prompt');
    expect(prompt).toHaveAttribute('rows', '5');
    expect(screen.getByText('Be specific and descriptive for the best results')).toBeVisible();
    expect(optionsToggle()).toHaveAttribute('aria-expanded', 'false');
    expect(prompt.compareDocumentPosition(optionsToggle())).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(screen.queryByLabelText('Keep out of the image')).not.toBeVisible();
    expect(optionsToggle()).toHaveTextContent('1:1 · 1 image · Balanced · No style · random seed');
  });

  it('starts open when the person left it open, and reports each toggle to be remembered', async () => {
    const onOptionsOpenChange = vi.fn();
    const view = renderGenerationModal({ optionsOpen: true, onOptionsOpenChange });
    expect(optionsToggle()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Keep out of the image')).toBeVisible();
    await view.user.click(optionsToggle());
    expect(optionsToggle()).toHaveAttribute('aria-expanded', 'false');
    expect(onOptionsOpenChange).toHaveBeenLastCalledWith(false);
  });

  it('starts from the person’s generation defaults', () => {
    renderGenerationModal({
      optionsOpen: true,
      defaults: { aspect_ratio: '9:16', image_count: 3, quality: 'fast', style: 'anime' },
    });
    expect(screen.getByRole('radio', { name: '9:16' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '3' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Fast' })).toBeChecked();
    expect(screen.getByLabelText('Style')).toHaveValue('anime');
    expect(screen.getByTestId('generation-cost')).toHaveTextContent(/^3 credits$/);
  });

  it('updates the cost line with the image count', async () => {
    const view = renderGenerationModal({ optionsOpen: true });
    const cost = screen.getByTestId('generation-cost');
    expect(cost.parentElement).toHaveTextContent(/^Cost: 1 credit$/);
    for (const count of [2, 3, 4]) {
      await view.user.click(screen.getByRole('radio', { name: String(count) }));
      expect(cost.parentElement).toHaveTextContent(`Cost: ${count} credits`);
    }
  });

  it("stays 'FREE' for premium at any count", async () => {
    const view = renderGenerationModal({ optionsOpen: true, isPremium: true, balance: 0 });
    await view.user.click(screen.getByRole('radio', { name: '4' }));
    expect(screen.getByTestId('generation-cost')).toHaveTextContent(/^FREE$/);
  });

  it('keeps Generate disabled when the balance does not cover the images', async () => {
    const view = renderGenerationModal({ optionsOpen: true, balance: 2 });
    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    await view.user.click(screen.getByRole('radio', { name: '3' }));
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
    await view.user.click(screen.getByRole('radio', { name: '2' }));
    expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled();
  });

  it('moves between choices with the arrow keys (native radio groups)', async () => {
    const view = renderGenerationModal({ optionsOpen: true });
    const group = screen.getByRole('group', { name: 'Quality' });
    await view.user.click(within(group).getByRole('radio', { name: 'Balanced' }));
    await view.user.keyboard('{ArrowRight}');
    expect(within(group).getByRole('radio', { name: 'Best' })).toBeChecked();
  });

  it('sends every option with POST /generate', async () => {
    const calls = serveGenerate();
    const view = renderGenerationModal({ optionsOpen: true });
    await view.user.type(screen.getByLabelText('Prompt'), 'a moonlit owl');
    await view.user.click(screen.getByRole('radio', { name: '16:9' }));
    await view.user.click(screen.getByRole('radio', { name: '2' }));
    await view.user.click(screen.getByRole('radio', { name: 'Best' }));
    await view.user.selectOptions(screen.getByLabelText('Style'), 'Neon noir');
    await view.user.type(screen.getByLabelText('Keep out of the image'), ' blurry ');
    await view.user.type(screen.getByLabelText('Seed'), '42');
    expect(screen.getByLabelText('Random')).not.toBeChecked();
    await view.user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      source_prompt: '',
      content_prompt: 'a moonlit owl',
      negative_prompt: 'blurry',
      aspect_ratio: '16:9',
      image_count: 2,
      quality: 'best',
      style: 'neon_noir',
      seed: 42,
    });
  });

  it("leaves the seed out when 'Random' is on, and 'New seed' draws one in one click", async () => {
    const calls = serveGenerate();
    const view = renderGenerationModal({ optionsOpen: true, random: () => 0.5 });
    const seed = screen.getByLabelText('Seed');
    expect(seed).toHaveValue(null);
    expect(screen.getByLabelText('Random')).toBeChecked();
    await view.user.click(screen.getByRole('button', { name: 'New seed' }));
    expect(seed).toHaveValue(2_147_483_648);
    expect(screen.getByLabelText('Random')).not.toBeChecked();
    await view.user.click(screen.getByLabelText('Random'));
    expect(seed).toHaveValue(null);
    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    await view.user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).not.toHaveProperty('seed');
  });

  it('opens filled with a preset (Use these settings), seed included', () => {
    renderGenerationModal({
      preset: {
        prompt: 'a red fox',
        negative_prompt: 'text',
        aspect_ratio: '3:2',
        quality: 'fast',
        style: 'watercolor',
        seed: 77,
        image_count: 2,
      },
    });
    expect(optionsToggle()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Prompt')).toHaveValue('a red fox');
    expect(screen.getByLabelText('Keep out of the image')).toHaveValue('text');
    expect(screen.getByRole('radio', { name: '3:2' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '2' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Fast' })).toBeChecked();
    expect(screen.getByLabelText('Style')).toHaveValue('watercolor');
    expect(screen.getByLabelText('Seed')).toHaveValue(77);
  });
});

describe('generation modal: N images', () => {
  it('shows every image with its seed, Download and Save (by its generation id), and a failed one with its reason', async () => {
    const { http, HttpResponse } = await import('msw');
    serveGenerate();
    const saved: string[] = [];
    server.use(
      http.post('*/api/v1/generations/:id/favorite', ({ params }) => {
        saved.push(String(params.id));
        return HttpResponse.json({ error: 'ALREADY_EXISTS', message: 'x' }, { status: 409 });
      }),
    );
    const view = renderGenerationModal({ optionsOpen: true });
    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    await view.user.click(screen.getByRole('radio', { name: '3' }));
    await view.user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(view.realtime.socket().joins(CHANNEL)).toHaveLength(1));
    act(() => view.realtime.socket().ack('SUBSCRIBED', CHANNEL, joinedRow()));
    const send = (event: string, payload: object) =>
      act(() => view.realtime.socket().send(CHANNEL, event, { request_id: 'req-1', ...payload }));
    for (const index of [0, 2]) {
      send('result', {
        status: 'completed',
        image_index: index,
        generation_id: `gen-${index}`,
        seed: 500 + index,
        result_base64: PNG_BASE64,
      });
    }
    expect(screen.queryByText('Image generated successfully!')).toBeNull();
    send('update', {
      status: 'failed',
      image_index: 1,
      generation_id: 'gen-1',
      error: 'Cancelled',
    });
    expect(await screen.findByText('Image generated successfully!')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /^Generated image/ })).toHaveLength(2);
    expect(screen.getByText('Image 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
    expect(screen.getAllByTestId('image-seed').map((seed) => seed.textContent)).toEqual([
      '500',
      '502',
    ]);
    expect(screen.getAllByRole('button', { name: /^Download image/ })).toHaveLength(2);
    const saves = screen.getAllByRole('button', { name: 'Save to favorites' });
    expect(saves).toHaveLength(2);
    await view.user.click(saves[1]!);
    await waitFor(() => expect(saved).toEqual(['gen-2']));
  });
});

describe('generation modal: queue, cancel and tab title', () => {
  async function start(view: ReturnType<typeof renderGenerationModal>) {
    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    await view.user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(view.realtime.socket().joins(CHANNEL)).toHaveLength(1));
    act(() => view.realtime.socket().ack('SUBSCRIBED', CHANNEL, joinedRow()));
  }

  it("shows the place and wait while queued: '3rd in queue · about 20 s'", async () => {
    serveGenerate();
    const view = renderGenerationModal();
    await start(view);
    act(() =>
      view.realtime.socket().send(CHANNEL, 'update', {
        request_id: 'req-1',
        status: 'queued',
        queue_position: 3,
        estimated_wait_s: 20,
      }),
    );
    expect(screen.getByTestId('generation-queue')).toHaveTextContent('3rd in queue · about 20 s');
  });

  it('Cancel calls the cancel endpoint and returns to the input with the spec message', async () => {
    const { http, HttpResponse } = await import('msw');
    serveGenerate();
    const cancels: string[] = [];
    server.use(
      http.post('*/api/v1/generations/:id/cancel', ({ params }) => {
        cancels.push(String(params.id));
        return HttpResponse.json({ cancelled: 1, refunded: 1 });
      }),
    );
    const view = renderGenerationModal();
    await start(view);
    await view.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Generation cancelled')).toBeInTheDocument();
    await waitFor(() => expect(cancels).toEqual(['req-1']));
  });

  it('a Cancel before the request id is known cancels the submit once it answers', async () => {
    const { http, HttpResponse } = await import('msw');
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    serveGenerate();
    server.use(
      http.post('*/api/v1/generate', async () => {
        await answered;
        return HttpResponse.json({ requestId: 'req-9' });
      }),
    );
    const cancels: string[] = [];
    server.use(
      http.post('*/api/v1/generations/:id/cancel', ({ params }) => {
        cancels.push(String(params.id));
        return HttpResponse.json({ cancelled: 1, refunded: 1 });
      }),
    );
    const view = renderGenerationModal();
    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    await view.user.click(screen.getByRole('button', { name: 'Generate' }));
    await view.user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Generation cancelled')).toBeInTheDocument();
    answer();
    await waitFor(() => expect(cancels).toEqual(['req-9']));
    expect(screen.getByText('Generation cancelled')).toBeInTheDocument();
  });

  it('shows the progress in the tab title while the tab is hidden, and restores it', async () => {
    serveGenerate();
    document.title = 'Nocturne — AI image studio';
    let visibility: DocumentVisibilityState = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    const view = renderGenerationModal();
    await start(view);
    act(() =>
      view.realtime.socket().send(CHANNEL, 'update', {
        request_id: 'req-1',
        status: 'processing',
        progress: 0.5,
      }),
    );
    expect(document.title).toBe('Nocturne — AI image studio');
    visibility = 'hidden';
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(document.title).toBe('80% · Generating — Nocturne');
    visibility = 'visible';
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(document.title).toBe('Nocturne — AI image studio');
  });
});
