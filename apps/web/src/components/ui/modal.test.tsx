import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal, type ModalProps } from './modal';
import { MODAL_SIZES } from './modal-sizes';

function Harness(props: Partial<ModalProps>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Delete image"
        footer={<button onClick={() => setOpen(false)}>Confirm</button>}
        {...props}
      >
        <input aria-label="Reason" />
      </Modal>
    </>
  );
}

async function openHarness(props: Partial<ModalProps> = {}) {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return user;
}

describe('Modal', () => {
  it('renders nothing while closed', () => {
    render(
      <Modal open={false} onClose={() => {}} title="Hidden">
        x
      </Modal>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is a modal dialog labelled by its title, rendered in a portal', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete image' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).not.toHaveAttribute('aria-describedby');
    expect(container).not.toContainElement(dialog);
    expect(document.body).toContainElement(dialog);
  });

  it('is described by its description when given one', () => {
    render(
      <Modal open onClose={() => {}} title="Delete image" description="This cannot be undone.">
        x
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: 'Delete image' })).toHaveAccessibleDescription(
      'This cannot be undone.',
    );
  });

  it.each(MODAL_SIZES)('supports the %s size', (size) => {
    render(
      <Modal open onClose={() => {}} title={`Size ${size}`} size={size}>
        x
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: `Size ${size}` })).toBeInTheDocument();
  });

  it('closes on Escape', async () => {
    const user = await openHarness();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on backdrop click by default', async () => {
    const user = await openHarness();
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays open on backdrop click when closeOnBackdrop is false', async () => {
    const user = await openHarness({ closeOnBackdrop: false });
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('clicks inside the panel do not close it', async () => {
    const user = await openHarness();
    await user.click(screen.getByLabelText('Reason'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("closes with its 'Close modal' button, which can be hidden", async () => {
    const onClose = vi.fn();
    const { rerender } = render(
      <Modal open onClose={onClose} title="T">
        x
      </Modal>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close modal' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    rerender(
      <Modal open onClose={onClose} title="T" showCloseButton={false}>
        x
      </Modal>,
    );
    expect(screen.queryByRole('button', { name: 'Close modal' })).not.toBeInTheDocument();
  });

  it('locks page scrolling while open and restores the previous value', async () => {
    document.body.style.overflow = 'scroll';
    const user = await openHarness();
    expect(getComputedStyle(document.body).overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(getComputedStyle(document.body).overflow).toBe('scroll');
  });

  it('stays open on Escape when closeOnEscape is false', async () => {
    const user = await openHarness({ closeOnEscape: false });
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('traps focus inside and gives it back to the opener on close', async () => {
    const user = await openHarness();
    const close = screen.getByRole('button', { name: 'Close modal' });
    const reason = screen.getByLabelText('Reason');
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(close).toHaveFocus();
    await user.tab();
    expect(reason).toHaveFocus();
    await user.tab();
    expect(confirm).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();

    await user.click(confirm);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus());
  });

  it('focuses the [data-autofocus] element on open instead of the first one', async () => {
    render(
      <Modal open onClose={() => {}} title="T">
        <button>First</button>
        <input aria-label="Preferred" data-autofocus />
      </Modal>,
    );
    await waitFor(() => expect(screen.getByLabelText('Preferred')).toHaveFocus());
  });
});
