import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { GenerationSnapshot } from '@nocturne/contract/realtime/join-snapshots';
import { signedInHandlers } from '../../support/fixtures';
import { server } from '../../support/msw-server';
import { joinedRow } from './generation-fixtures';
import type { renderGenerationModal } from './render-generation-modal';

/** Shared set-up for the generation modal tests. */
export const CHANNEL = 'generation:req-1';
/** What POST /generate gets when no option was touched. */
export const DEFAULT_BODY = {
  source_prompt: '',
  negative_prompt: '',
  aspect_ratio: '1:1',
  image_count: 1,
  quality: 'balanced',
  style: null,
  model: 'sd-turbo',
};

/** Fake timers that still advance and a signed-in person for each test; call at a file's top. */
export function setupGenerationModalTests() {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(...signedInHandlers());
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}

export function progressValue() {
  return Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'));
}

/** Types a prompt, submits, and answers the join of generation:req-1 with `row` (queued). */
export async function startGeneration(
  view: ReturnType<typeof renderGenerationModal>,
  prompt = '  a moonlit owl  ',
  row: Partial<GenerationSnapshot> = {},
) {
  await view.user.type(screen.getByLabelText('Prompt'), prompt);
  await view.user.click(screen.getByRole('button', { name: 'Generate' }));
  await waitFor(() => expect(view.realtime.socket().joins(CHANNEL)).toHaveLength(1));
  act(() => view.realtime.socket().ack('SUBSCRIBED', CHANNEL, joinedRow(row)));
}

export function send(
  view: ReturnType<typeof renderGenerationModal>,
  event: string,
  payload: object,
) {
  act(() => view.realtime.socket().send(CHANNEL, event, { request_id: 'req-1', ...payload }));
}
