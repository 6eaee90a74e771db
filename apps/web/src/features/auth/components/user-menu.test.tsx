import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { testSession } from '../../../../test/support/fixtures';
import { SESSION_QUERY_KEY } from '../api/get-session';
import { UserMenu } from './user-menu';

function Location() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function renderMenu(session: typeof testSession | null = testSession) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, session);
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <UserMenu />
        <button>After menu</button>
        <Routes>
          <Route path="*" element={<Location />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  // Held from before opening: the open menu hides the rest of the page from the accessibility tree.
  return { user, trigger: screen.queryByRole('button', { name: /account menu$/i }) as HTMLElement };
}

const item = (name: string) => screen.getByRole('menuitem', { name });
/**
 * The button as it is now: until first opened it is a stand-in, replaced by Radix's trigger once
 * the menu's code has loaded (hidden: true, as the open menu hides the page from the tree).
 */
const accountButton = () => screen.getByRole('button', { name: /account menu$/i, hidden: true });

describe('UserMenu', () => {
  it("shows 'Not authenticated' when signed out", () => {
    renderMenu(null);
    expect(screen.getByText('Not authenticated')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /account menu$/i })).not.toBeInTheDocument();
  });

  it('is a closed menu button showing the initial until opened', () => {
    const { trigger } = renderMenu();
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveTextContent('N');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it.each(['{Enter}', ' ', '{ArrowDown}'])(
    'opens with %s on the button and focuses the first item',
    async (key) => {
      const { user, trigger } = renderMenu();
      trigger.focus();
      await user.keyboard(key);
      const menu = await screen.findByRole('menu', { name: 'Account menu' });
      expect(accountButton()).toHaveAttribute('aria-expanded', 'true');
      expect(within(menu).getByText('owl@example.com')).toBeInTheDocument();
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((el) => el.textContent),
      ).toEqual(['Credit History', 'Generation History', 'Subscription', 'Profile', 'Sign out']);
      await waitFor(() => expect(item('Credit History')).toHaveFocus());
    },
  );

  it('moves with the arrows, Home, End and typeahead; Escape returns to the button', async () => {
    const { user, trigger } = renderMenu();
    trigger.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(item('Credit History')).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(item('Generation History')).toHaveFocus();
    await user.keyboard('{End}');
    expect(item('Sign out')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Sign out')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(item('Credit History')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(item('Credit History')).toHaveFocus();
    await user.keyboard('su');
    expect(item('Subscription')).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => expect(accountButton()).toHaveFocus());
  });

  it('Enter on a link item follows it and closes the menu', async () => {
    const { user, trigger } = renderMenu();
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(item('Credit History')).toHaveFocus());
    expect(item('Subscription')).toHaveAttribute('href', '/subscription');
    expect(item('Profile')).toHaveAttribute('href', '/profile');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/history/generations');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('opens on click and closes on a click outside', async () => {
    const { user, trigger } = renderMenu();
    await user.click(trigger);
    expect(await screen.findByRole('menu', { name: 'Account menu' })).toBeInTheDocument();
    // The open menu makes the page inert to the pointer, so a click beside it lands on <html>.
    await user.click(document.documentElement);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    // Radix's trigger from now on: it opens again at once.
    await user.click(accountButton());
    expect(screen.getByRole('menu', { name: 'Account menu' })).toBeInTheDocument();
  });

  it("is named by what it shows: the person's name first, then what it opens", async () => {
    const { user, trigger } = renderMenu();
    expect(trigger).toHaveAccessibleName(`${testSession.user.name}, account menu`);
    await user.click(trigger);
    await screen.findByRole('menu', { name: 'Account menu' });
    expect(accountButton()).toHaveAccessibleName(`${testSession.user.name}, account menu`);
  });

  it('leaves the page in the accessibility tree while open, as its links stay focusable', async () => {
    const { user, trigger } = renderMenu();
    await user.click(trigger);
    await screen.findByRole('menu', { name: 'Account menu' });
    expect(
      document.querySelector('[aria-hidden="true"] button, [aria-hidden="true"] a[href]'),
    ).toBeNull();
    expect(screen.getByRole('button', { name: 'After menu' })).toBeInTheDocument();
  });

  it('opens with the pointer without moving the focus to an item', async () => {
    const { user, trigger } = renderMenu();
    await user.click(trigger);
    const menu = await screen.findByRole('menu', { name: 'Account menu' });
    await waitFor(() => expect(menu).toHaveFocus());
  });
});
