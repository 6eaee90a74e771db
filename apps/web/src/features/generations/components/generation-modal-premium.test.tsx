import { act, screen, waitFor } from '@testing-library/react';
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
const UPGRADE_TITLE = 'Unlock unlimited imagination';
const NOT_ENOUGH = "You don't have enough credits to generate an image.";

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  server.use(...signedInHandlers());
  serveGenerate();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function complete(view: ReturnType<typeof renderGenerationModal>) {
  await view.user.type(screen.getByLabelText('Prompt'), 'a moonlit owl');
  await view.user.click(screen.getByRole('button', { name: 'Generate' }));
  await waitFor(() => expect(view.realtime.socket().joins(CHANNEL)).toHaveLength(1));
  act(() => view.realtime.socket().ack('SUBSCRIBED', CHANNEL, joinedRow()));
  act(() =>
    view.realtime.socket().send(CHANNEL, 'result', {
      request_id: 'req-1',
      status: 'completed',
      result_base64: PNG_BASE64,
    }),
  );
  await screen.findByText('Image generated successfully!');
}

describe('generation modal while the credit state loads', () => {
  it("states neither a cost nor 'not enough credits' until the state is known", async () => {
    const view = renderGenerationModal({ canGenerate: false, balance: 0, creditsLoading: true });
    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    expect(screen.getByTestId('generation-cost')).toHaveTextContent(/^…$/);
    expect(screen.queryByText(NOT_ENOUGH)).toBeNull();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
  });
});

describe('generation modal when premium starts after a generation (spec §6)', () => {
  it('drops the upgrade modal that was due 1.5 s after completion', async () => {
    const view = renderGenerationModal({ isPremium: false, balance: 2 });
    await complete(view);
    view.setProps({ isPremium: true });
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(screen.queryByRole('dialog', { name: UPGRADE_TITLE })).toBeNull();
  });

  it('closes an upgrade modal already shown, and it does not come back when premium ends', async () => {
    const view = renderGenerationModal({ isPremium: false, balance: 2 });
    await complete(view);
    await act(() => vi.advanceTimersByTimeAsync(1_600));
    expect(screen.getByRole('dialog', { name: UPGRADE_TITLE })).toBeInTheDocument();
    // This server has no Premium model: the offer does not promise one.
    expect(screen.getByRole('dialog', { name: UPGRADE_TITLE })).not.toHaveTextContent(/model/i);

    view.setProps({ isPremium: true });
    expect(screen.queryByRole('dialog', { name: UPGRADE_TITLE })).toBeNull();
    view.setProps({ isPremium: false });
    expect(screen.queryByRole('dialog', { name: UPGRADE_TITLE })).toBeNull();
  });
});
