import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  PNG_BASE64,
  serveGenerate,
  serveGenerationRow,
} from '../../../../test/features/generations/generation-fixtures';
import { renderGenerationModal } from '../../../../test/features/generations/render-generation-modal';
import { PROMPT_BIDI_ERROR } from '../utils/generation-form-schema';
import {
  CHANNEL,
  DEFAULT_BODY,
  progressValue,
  send,
  setupGenerationModalTests,
  startGeneration,
} from '../../../../test/features/generations/generation-modal-fixtures';

setupGenerationModalTests();

describe('generation modal: input step', () => {
  it('shows a 5-row prompt, the helper text and the cost for a free user', () => {
    renderGenerationModal();
    const dialog = screen.getByRole('dialog', { name: 'Generate Image' });
    const prompt = within(dialog).getByLabelText('Prompt');
    expect(prompt).toHaveAttribute('rows', '5');
    expect(
      within(dialog).getByText('Be specific and descriptive for the best results'),
    ).toBeVisible();
    expect(within(dialog).getByTestId('generation-cost')).toHaveTextContent(/^1 credit$/);
  });

  it("shows 'FREE' for premium users", () => {
    renderGenerationModal({ isPremium: true, balance: 0 });
    expect(screen.getByTestId('generation-cost')).toHaveTextContent(/^FREE$/);
  });

  it('enables Generate only with a non-blank prompt and when the user can generate', async () => {
    const view = renderGenerationModal();
    const button = screen.getByRole('button', { name: 'Generate' });
    expect(button).toBeDisabled();
    await view.user.type(screen.getByLabelText('Prompt'), '   ');
    expect(button).toBeDisabled();
    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    expect(button).toBeEnabled();
  });

  it('says why Generate stays disabled for a prompt with a text-direction control', async () => {
    const view = renderGenerationModal();
    await view.user.type(screen.getByLabelText('Prompt'), 'owl \u202Egnp.exe');
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
    expect(screen.getByText(PROMPT_BIDI_ERROR)).toBeInTheDocument();
  });

  it('keeps Generate disabled when the user cannot generate, and says why', async () => {
    const view = renderGenerationModal({ canGenerate: false, balance: 0 });
    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
    expect(
      screen.getByText("You don't have enough credits to generate an image."),
    ).toBeInTheDocument();
  });

  it('ignores a blank submit (Ctrl+Enter) and sends nothing', async () => {
    const calls = serveGenerate();
    const view = renderGenerationModal();
    await view.user.type(screen.getByLabelText('Prompt'), '   ');
    await view.user.keyboard('{Control>}{Enter}{/Control}');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(calls).toHaveLength(0);
    expect(screen.getByLabelText('Prompt')).toBeInTheDocument();
  });

  it('closes by backdrop and by the close button during input', async () => {
    const view = renderGenerationModal();
    await view.user.click(screen.getByTestId('modal-backdrop'));
    expect(view.onClose).toHaveBeenCalledTimes(1);
    await view.user.click(screen.getByRole('button', { name: 'Close modal' }));
    expect(view.onClose).toHaveBeenCalledTimes(2);
  });
});

describe('generation modal: progress', () => {
  it('sends the trimmed prompt with a fresh Idempotency-Key; the join carries the row, none is read', async () => {
    const calls = serveGenerate();
    const rows = serveGenerationRow();
    const view = renderGenerationModal();
    await startGeneration(view);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ ...DEFAULT_BODY, content_prompt: 'a moonlit owl' });
    expect(calls[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(rows).toEqual([]);
  });

  it('simulates progress by phases up to 90 and cannot be closed meanwhile', async () => {
    serveGenerate();
    const view = renderGenerationModal({}, { random: () => 0.999 });
    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    await view.user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.getByRole('status')).toHaveTextContent('Preparing your prompt...');
    expect(screen.queryByRole('button', { name: 'Close modal' })).not.toBeInTheDocument();
    await view.user.click(screen.getByTestId('modal-backdrop'));
    expect(view.onClose).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(800));
    expect(progressValue()).toBeGreaterThanOrEqual(7);
    expect(progressValue()).toBeLessThan(25);
    await act(() => vi.advanceTimersByTimeAsync(800 * 4));
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for an available generator...');
    await act(() => vi.advanceTimersByTimeAsync(800 * 40));
    expect(progressValue()).toBe(90);
    expect(screen.getByRole('status')).toHaveTextContent('Adding the finishing touches...');
  });

  it("shows a fresh submit's place and wait from the join's snapshot", async () => {
    serveGenerate();
    const view = renderGenerationModal();
    await startGeneration(view, 'owl', { queue_position: 2, estimated_wait_s: 90 });
    expect(screen.getByText('2nd in queue · about 2 min')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Waiting in queue');
  });

  it('shows the queue position and holds the simulation under 50 while queued', async () => {
    serveGenerate();
    const view = renderGenerationModal({}, { random: () => 0.999 });
    await startGeneration(view);
    send(view, 'update', { status: 'queued', queue_position: 3 });
    expect(screen.getByText('3rd in queue')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(800 * 30));
    expect(progressValue()).toBeLessThan(50);
    expect(screen.getByRole('status')).toHaveTextContent('Waiting in queue');
  });

  it('follows processing (≥70, real progress), completed (≥95) and result (100 → completion)', async () => {
    serveGenerate();
    const view = renderGenerationModal();
    await startGeneration(view);
    send(view, 'update', { status: 'processing' });
    expect(progressValue()).toBe(70);
    expect(screen.getByRole('status')).toHaveTextContent('AI is generating your image...');
    send(view, 'update', { status: 'processing', progress: 0.5 });
    expect(progressValue()).toBe(80);
    await act(() => vi.advanceTimersByTimeAsync(800 * 5));
    expect(progressValue()).toBe(80);

    send(view, 'update', { status: 'completed' });
    expect(progressValue()).toBe(95);
    expect(screen.getByRole('status')).toHaveTextContent('Generation complete, finalizing...');

    send(view, 'result', { status: 'completed', result_base64: PNG_BASE64 });
    expect(await screen.findByText('Image generated successfully!')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Generated image: a moonlit owl/ })).toHaveAttribute(
      'src',
      `data:image/png;base64,${PNG_BASE64}`,
    );
    expect(view.realtime.socket().leaves()).toContain(CHANNEL);
  });

  it('ignores events for another request id', async () => {
    serveGenerate();
    const view = renderGenerationModal();
    await startGeneration(view);
    act(() =>
      view.realtime.socket().send(CHANNEL, 'update', { request_id: 'other', status: 'processing' }),
    );
    act(() =>
      view.realtime.socket().send(CHANNEL, 'result', {
        request_id: 'other',
        status: 'completed',
        result_base64: PNG_BASE64,
      }),
    );
    expect(progressValue()).toBeLessThan(70);
    expect(screen.queryByText('Image generated successfully!')).not.toBeInTheDocument();
  });

  it("Cancel stops everything and returns to input with 'Generation cancelled'", async () => {
    serveGenerate();
    const view = renderGenerationModal();
    await startGeneration(view);
    await view.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('status')).toHaveTextContent('Generation cancelled');
    expect(screen.getByLabelText('Prompt')).toHaveValue('  a moonlit owl  ');
    expect(view.realtime.socket().leaves()).toContain(CHANNEL);
    send(view, 'result', { status: 'completed', result_base64: PNG_BASE64 });
    expect(screen.queryByText('Image generated successfully!')).not.toBeInTheDocument();
  });

  it('completes from the row when the result finished before the join', async () => {
    serveGenerate();
    const view = renderGenerationModal();
    await startGeneration(view, undefined, {
      status: 'completed',
      result_image_url: '/images/req-1.png',
    });
    expect(await screen.findByText('Image generated successfully!')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Generated image/ })).toHaveAttribute(
      'src',
      '/images/req-1.png',
    );
  });
});

describe('generation modal: a missed result event', () => {
  it('reads the row 5 s after the completed update when no result followed', async () => {
    serveGenerate();
    const view = renderGenerationModal();
    await startGeneration(view);
    const laterReads = serveGenerationRow({
      status: 'completed',
      result_image_url: '/images/req-1.png',
    });
    send(view, 'update', { status: 'completed' });
    await act(() => vi.advanceTimersByTimeAsync(4_900));
    expect(laterReads).toHaveLength(0);
    expect(progressValue()).toBe(95);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(await screen.findByText('Image generated successfully!')).toBeInTheDocument();
    expect(laterReads).toEqual(['req-1']);
  });
});
