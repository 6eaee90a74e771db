import { useState } from 'react';
import { lazyOnOpen } from '../../../components/ui/lazy-on-open';
import { useSession } from '../api/get-session';
import { AccountButtonFace, accountButtonClasses, NotAuthenticated } from './account-button';
import type { MenuLink } from './user-menu-dropdown';

/**
 * Until first opened, a button that looks and announces itself like Radix's trigger: the menu's
 * code (Radix's menu and floating-ui) is not part of the signed-in first load. It is fetched when the pointer or focus reaches the button.
 */
const LazyUserMenuDropdown = lazyOnOpen(
  () => import('./user-menu-dropdown').then((module) => module.UserMenuDropdown),
  ({
    onOpen,
  }: {
    open: boolean;
    withKeyboard: boolean;
    onOpen: (withKeyboard: boolean) => void;
    useExtraLinks: UseExtraLinks;
  }) => <StandInButton onOpen={onOpen} />,
);

function StandInButton({ onOpen }: { onOpen: (withKeyboard: boolean) => void }) {
  const { user } = useSession();
  if (!user) return <NotAuthenticated />;
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      className={accountButtonClasses}
      onPointerEnter={LazyUserMenuDropdown.preload}
      onFocus={LazyUserMenuDropdown.preload}
      // A click Enter or Space made has no pointer position (detail 0).
      onClick={(event) => onOpen(event.detail === 0)}
      // Radix's trigger opens on ArrowDown as well as Enter and Space (which click).
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown') {
          event.preventDefault();
          onOpen(true);
        }
      }}
    >
      <AccountButtonFace user={user} />
    </button>
  );
}

/** Links a page adds to the menu, read while it is open (a hook, so it may ask the API). */
export type UseExtraLinks = () => readonly MenuLink[];

const useNoExtraLinks: UseExtraLinks = () => [];

/** The shell's account menu (spec §2): history, subscription and sign out. */
export function UserMenu({ useExtraLinks = useNoExtraLinks }: { useExtraLinks?: UseExtraLinks }) {
  const [opened, setOpened] = useState<'no' | 'pointer' | 'keyboard'>('no');
  return (
    <LazyUserMenuDropdown
      open={opened !== 'no'}
      withKeyboard={opened === 'keyboard'}
      onOpen={(withKeyboard) => setOpened(withKeyboard ? 'keyboard' : 'pointer')}
      useExtraLinks={useExtraLinks}
    />
  );
}
