import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser';
import { ErrorBoundary } from './error-boundary';

let shouldThrow = true;
function Fragile() {
  if (shouldThrow) throw new Error('boom');
  return <p>Recovered content</p>;
}

function Harness() {
  const [key] = useState(0);
  return (
    <ErrorBoundary resetKey={key}>
      <Fragile />
    </ErrorBoundary>
  );
}

beforeEach(() => {
  shouldThrow = true;
});

describe('ErrorBoundary', () => {
  it("shows 'Something went wrong'; Try Again resets and Refresh Page reloads", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    render(<Harness />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith(
      '[ui] Unhandled render error',
      expect.objectContaining({ message: 'boom' }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(reload).toHaveBeenCalledTimes(1);

    shouldThrow = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Recovered content')).toBeInTheDocument();
  });

  it('renders a given fallback, whose reset renders the children again, and logs its message', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary
        logMessage="[area] Render error"
        fallback={(reset) => <button onClick={reset}>Retry the area</button>}
      >
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('[area] Render error', expect.anything());

    shouldThrow = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry the area' }));
    expect(screen.getByText('Recovered content')).toBeInTheDocument();
  });
});
