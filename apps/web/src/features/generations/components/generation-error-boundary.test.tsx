import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GenerationErrorBoundary } from './generation-error-boundary';

let shouldThrow = true;
function Fragile() {
  if (shouldThrow) throw new Error('boom');
  return <p>Generation shown</p>;
}

beforeEach(() => {
  shouldThrow = true;
});

describe('GenerationErrorBoundary', () => {
  it("shows 'Generation Error' with Try Again only, which renders the area again", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <GenerationErrorBoundary>
        <Fragile />
      </GenerationErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Generation Error' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refresh Page' })).not.toBeInTheDocument();
    expect(log).toHaveBeenCalledWith(
      '[generations] Render error in the generation area',
      expect.objectContaining({ message: 'boom' }),
    );

    shouldThrow = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Generation shown')).toBeInTheDocument();
  });
});
