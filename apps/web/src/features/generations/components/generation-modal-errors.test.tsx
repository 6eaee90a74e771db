import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { PROMPT_LAST_REFUSAL_WARNING } from '@nocturne/contract/generations/content-policy';
import { serveGenerate } from '../../../../test/features/generations/generation-fixtures';
import { renderGenerationModal } from '../../../../test/features/generations/render-generation-modal';
import {
  CHANNEL,
  DEFAULT_BODY,
  send,
  setupGenerationModalTests,
  startGeneration,
} from '../../../../test/features/generations/generation-modal-fixtures';

setupGenerationModalTests();

describe('generation modal: errors', () => {
  it("a failed update shows 'Generation Failed'; Try Again resubmits the same prompt", async () => {
    const calls = serveGenerate();
    const view = renderGenerationModal();
    await startGeneration(view);
    send(view, 'update', { status: 'failed', error: 'boom' });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Generation Failed' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Generation failed. Please try again.');
    expect(screen.queryByRole('button', { name: 'Close modal' })).not.toBeInTheDocument();

    await view.user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body).toEqual({ ...DEFAULT_BODY, content_prompt: 'a moonlit owl' });
    expect(calls[1]?.key).not.toBe(calls[0]?.key);
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
  });

  it('Cancel on the error panel returns to input', async () => {
    serveGenerate();
    const view = renderGenerationModal();
    await startGeneration(view);
    send(view, 'result', { status: 'failed', result_base64: null, error: 'x' });
    await view.user.click(
      within(screen.getByRole('alert')).getByRole('button', { name: 'Cancel' }),
    );
    expect(screen.getByLabelText('Prompt')).toBeInTheDocument();
  });

  it('after a content-policy refusal returns to the prompt with the reason, never resending it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reason = `This prompt is not allowed: x ("owl"). ${PROMPT_LAST_REFUSAL_WARNING}`;
    const calls = serveGenerate((call) =>
      call === 1
        ? HttpResponse.json(
            { error: 'CONTENT_POLICY_VIOLATION', message: reason, refusals_before_suspension: 0 },
            { status: 422 },
          )
        : HttpResponse.json({ requestId: 'req-1' }),
    );
    const view = renderGenerationModal();
    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    await view.user.click(screen.getByRole('button', { name: 'Generate' }));
    const prompt = await screen.findByLabelText('Prompt');
    await waitFor(() =>
      expect(prompt).toHaveAccessibleDescription(expect.stringContaining(reason)),
    );
    expect(prompt).toHaveValue('owl');
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);

    await view.user.type(prompt, ' in a tree');
    await view.user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body).toMatchObject({ content_prompt: 'owl in a tree' });
  });

  it('returns to the prompt with the message when its language is not read yet', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const message = PRODUCT_ERRORS.PROMPT_LANGUAGE_UNSUPPORTED.message;
    serveGenerate(() =>
      HttpResponse.json({ error: 'PROMPT_LANGUAGE_UNSUPPORTED', message }, { status: 422 }),
    );
    const view = renderGenerationModal();
    await view.user.type(screen.getByLabelText('Prompt'), 'ქართული ლექსი');
    await view.user.click(screen.getByRole('button', { name: 'Generate' }));
    const prompt = await screen.findByLabelText('Prompt');
    await waitFor(() =>
      expect(prompt).toHaveAccessibleDescription(expect.stringContaining(message)),
    );
    expect(prompt).toHaveValue('ქართული ლექსი');
  });

  it('maps 402 to the insufficient-credits message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serveGenerate(() =>
      HttpResponse.json({ error: 'INSUFFICIENT_CREDITS', message: 'x' }, { status: 402 }),
    );
    const view = renderGenerationModal();
    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    await view.user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "You don't have enough credits to generate an image.",
    );
  });

  it('retries a 5xx submit automatically with the same Idempotency-Key', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls = serveGenerate((call) =>
      call === 1
        ? HttpResponse.json({ error: 'INTERNAL_ERROR', message: 'x' }, { status: 503 })
        : HttpResponse.json({ requestId: 'req-1' }),
    );
    const view = renderGenerationModal();
    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    await view.user.click(screen.getByRole('button', { name: 'Generate' }));
    await act(() => vi.advanceTimersByTimeAsync(2_100));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.key).toBe(calls[0]?.key);
    await waitFor(() => expect(view.realtime.socket().joins(CHANNEL)).toHaveLength(1));
  });

  it("reports 'Failed to subscribe to generation updates'; Try Again rejoins the same request", async () => {
    const calls = serveGenerate();
    const view = renderGenerationModal();
    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    await view.user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(view.realtime.socket().joins(CHANNEL)).toHaveLength(1));
    act(() => view.realtime.socket().ack('CHANNEL_ERROR', CHANNEL));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Failed to subscribe to generation updates',
    );
    await view.user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(view.realtime.socket().joins(CHANNEL)).toHaveLength(2));
    expect(calls).toHaveLength(1);
  });

  it("reports 'Subscription timed out' when the join is never acknowledged", async () => {
    serveGenerate();
    const view = renderGenerationModal({}, { ackTimeoutMs: 5_000 });
    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    await view.user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(view.realtime.socket().joins(CHANNEL)).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.getByRole('alert')).toHaveTextContent('Subscription timed out');
  });
});
