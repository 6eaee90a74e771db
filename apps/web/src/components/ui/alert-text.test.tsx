import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AlertText } from './alert-text';

describe('AlertText', () => {
  it('announces its message as an alert, small and rose by default', () => {
    render(<AlertText>Could not save.</AlertText>);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Could not save.');
    expect(alert.tagName).toBe('P');
    expect(alert).toHaveClass('text-sm', 'text-rose-300');
    expect(alert).not.toHaveClass('text-xs');
  });

  it('renders the extra-small size for list rows', () => {
    render(<AlertText size="xs">Could not remove.</AlertText>);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveClass('text-xs', 'text-rose-300');
    expect(alert).not.toHaveClass('text-sm');
  });

  it('keeps its own style alongside layout extras and passes the id on', () => {
    render(
      <AlertText id="refusal" className="mt-3 text-center">
        Refused.
      </AlertText>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveClass('mt-3', 'text-center', 'text-sm', 'text-rose-300');
    expect(alert).toHaveAttribute('id', 'refusal');
  });
});
