import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from './modal';

/** Two sibling modals, as the generation modal and the upgrade modal opened over it. */
function StackedHarness({ topCloseOnEscape = true }: { topCloseOnEscape?: boolean }) {
  const [lowerOpen, setLowerOpen] = useState(true);
  const [topOpen, setTopOpen] = useState(false);
  return (
    <>
      <Modal open={lowerOpen} onClose={() => setLowerOpen(false)} title="Lower">
        <button onClick={() => setTopOpen(true)}>Open top</button>
      </Modal>
      <Modal
        open={topOpen}
        onClose={() => setTopOpen(false)}
        title="Top"
        closeOnEscape={topCloseOnEscape}
      >
        <a href="/subscription">Upgrade</a>
        <button onClick={() => setTopOpen(false)}>Maybe later</button>
      </Modal>
    </>
  );
}

/** The upsell's case: the top one opens after its opener went away (saved, then disabled). */
function OpenerGoneHarness() {
  const [saved, setSaved] = useState(false);
  const [topOpen, setTopOpen] = useState(false);
  return (
    <>
      <Modal open onClose={() => {}} title="Lower">
        <button
          disabled={saved}
          onClick={() => {
            setSaved(true);
            setTopOpen(true);
          }}
        >
          Save
        </button>
      </Modal>
      <Modal open={topOpen} onClose={() => setTopOpen(false)} title="Top">
        <button onClick={() => setTopOpen(false)}>Maybe later</button>
      </Modal>
    </>
  );
}

async function openBoth(props: { topCloseOnEscape?: boolean } = {}) {
  const user = userEvent.setup();
  render(<StackedHarness {...props} />);
  await user.click(screen.getByRole('button', { name: 'Open top' }));
  const top = screen.getByRole('dialog', { name: 'Top' });
  await waitFor(() => expect(top).toContainElement(document.activeElement as HTMLElement));
  return { user, top };
}

describe('Modal stacked over another modal', () => {
  it('Tab and Shift+Tab cycle within the top modal only', async () => {
    const { user, top } = await openBoth();
    const close = within(top).getByRole('button', { name: 'Close modal' });
    const link = within(top).getByRole('link', { name: 'Upgrade' });
    const later = within(top).getByRole('button', { name: 'Maybe later' });
    expect(close).toHaveFocus();
    await user.tab();
    expect(link).toHaveFocus();
    await user.tab();
    expect(later).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(later).toHaveFocus();
  });

  it('Escape closes only the top one and focus goes back inside the lower one', async () => {
    const { user } = await openBoth();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Top' })).not.toBeInTheDocument();
    const lower = screen.getByRole('dialog', { name: 'Lower' });
    await waitFor(() =>
      expect(within(lower).getByRole('button', { name: 'Open top' })).toHaveFocus(),
    );
    // The lower one is the topmost now: Escape reaches it and Tab stays in it.
    await user.tab();
    expect(lower).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Escape on a top modal whose opener is gone gives focus to the dialog underneath', async () => {
    const user = userEvent.setup();
    render(<OpenerGoneHarness />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const top = screen.getByRole('dialog', { name: 'Top' });
    await waitFor(() => expect(top).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Top' })).not.toBeInTheDocument();
    const lower = screen.getByRole('dialog', { name: 'Lower' });
    await waitFor(() => expect(lower).toHaveFocus());
    await user.tab();
    expect(lower).toContainElement(document.activeElement as HTMLElement);
  });

  it('a top modal that ignores Escape does not let it through to the one underneath', async () => {
    const { user } = await openBoth({ topCloseOnEscape: false });
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Top' })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Lower', hidden: true })).toBeInTheDocument();
  });

  it("a click on the top modal's backdrop closes only the top one", async () => {
    const { user } = await openBoth();
    const backdrops = screen.getAllByTestId('modal-backdrop');
    await user.click(backdrops[backdrops.length - 1] as HTMLElement);
    expect(screen.queryByRole('dialog', { name: 'Top' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Lower' })).toBeInTheDocument();
  });
});
