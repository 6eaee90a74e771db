import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../../lib/browser';
import { signedInHandlers } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import {
  creditState,
  errorResponse,
  renderWithCredits,
  serveCredits,
} from '../../../../test/features/credits/render-with-credits';
import { CreditErrorBoundary } from './credit-error-boundary';

let shouldThrow = true;
function Fragile() {
  if (shouldThrow) throw new Error('boom');
  return <p>Credits shown</p>;
}

beforeEach(() => {
  server.use(...signedInHandlers());
  vi.spyOn(console, 'error').mockImplementation(() => {});
  shouldThrow = true;
});

describe('CreditErrorBoundary', () => {
  it("shows 'Credit System Issue'; Continue Anyway resets and Refresh Page reloads", async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    serveCredits(creditState({ balance: 4 }));
    const { user } = renderWithCredits(
      <CreditErrorBoundary>
        <Fragile />
      </CreditErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Credit System Issue' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(reload).toHaveBeenCalledTimes(1);
    shouldThrow = false;
    await user.click(screen.getByRole('button', { name: 'Continue Anyway' }));
    expect(screen.getByText('Credits shown')).toBeInTheDocument();
  });

  it("welcomes a new user with 0 credits: 'Welcome to the App!'", async () => {
    serveCredits(() => errorResponse(404, 'NOT_FOUND'));
    renderWithCredits(
      <CreditErrorBoundary variant="inline">
        <Fragile />
      </CreditErrorBoundary>,
    );
    expect(await screen.findByText('Welcome to the App!')).toBeInTheDocument();
    expect(screen.queryByText('Credit System Issue')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue Anyway' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
  });
});
