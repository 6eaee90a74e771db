import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { BUTTON_SIZES, BUTTON_VARIANTS } from './button-styles';
import { IconButton } from './icon-button';

describe('Button', () => {
  it.each(BUTTON_VARIANTS)('renders the %s variant with its own styling', (variant) => {
    render(<Button variant={variant}>Go</Button>);
    const button = screen.getByRole('button', { name: 'Go' });
    expect(button).toHaveAttribute('data-variant', variant);
    expect(button).toBeEnabled();
  });

  it('gives every variant a distinct look', () => {
    const classes = BUTTON_VARIANTS.map((variant) => {
      const { unmount } = render(<Button variant={variant}>x</Button>);
      const className = screen.getByRole('button').className;
      unmount();
      return className;
    });
    expect(new Set(classes).size).toBe(BUTTON_VARIANTS.length);
  });

  it.each(BUTTON_SIZES)('renders the %s size', (size) => {
    render(<Button size={size}>Sized</Button>);
    expect(screen.getByRole('button', { name: 'Sized' })).toHaveAttribute('data-size', size);
  });

  it('loading shows Loading... and disables the button', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Loading...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Save')).not.toBeInTheDocument();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('defaults to type=button so it never submits a form by accident', () => {
    render(<Button>Plain</Button>);
    expect(screen.getByRole('button')).toHaveAttribute('type', 'button');
  });
});

describe('IconButton', () => {
  it('is named by its aria-label', async () => {
    const onClick = vi.fn();
    render(<IconButton aria-label="Delete image" icon={<svg />} onClick={onClick} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete image' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
