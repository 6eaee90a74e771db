import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { GalleryErrorBoundary } from './gallery-error-boundary';

let shouldThrow = true;
function Fragile() {
  if (shouldThrow) throw new Error('boom');
  return <p>Gallery content</p>;
}

describe('GalleryErrorBoundary', () => {
  it("shows 'Gallery Error'; 'Reload Gallery' renders the gallery again", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <GalleryErrorBoundary>
        <Fragile />
      </GalleryErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Gallery Error' })).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('[gallery] Render error', expect.anything());
    shouldThrow = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reload Gallery' }));
    expect(screen.getByText('Gallery content')).toBeInTheDocument();
    log.mockRestore();
  });
});
