import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useRef } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { paths } from '../../../config/paths';
import { useSession } from '../api/get-session';
import { useSignOut } from '../api/sign-out';
import { AccountButtonFace, accountButtonClasses, NotAuthenticated } from './account-button';

export interface MenuLink {
  label: string;
  href: string;
}

const MENU_LINKS: readonly MenuLink[] = [
  { label: 'Credit History', href: paths.app.creditHistory.getHref() },
  { label: 'Generation History', href: paths.app.generationHistory.getHref() },
  { label: 'Subscription', href: paths.app.subscription.getHref() },
  // The provider's manage-account item stays hidden (spec); this is Nocturne's own /profile.
  { label: 'Profile', href: paths.app.profile.getHref() },
];

// The focused item shows the theme's focus ring (3:1 and more on the menu), not only a lighter
// background (WCAG 2.4.7, 1.4.11).
const itemClasses =
  'flex w-full cursor-pointer items-center rounded-lg px-3 py-2.5 text-left text-sm text-zinc-200 outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent-400 focus-visible:outline-solid transition select-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 data-[highlighted]:bg-glass-strong data-[highlighted]:text-white';

/** Once Radix has focused the menu it just mounted, the first item takes the focus. */
function focusFirstItem(content: HTMLDivElement) {
  setTimeout(() => {
    if (content.contains(document.activeElement) && document.activeElement !== content) return;
    content.querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')?.focus();
  });
}

/**
 * The account menu once first opened (UserMenu renders it then): Radix's dropdown menu owns the
 * keyboard (arrows, Home/End, typeahead, Escape back to the button) and outside clicks.
 */
export function UserMenuDropdown({
  open,
  withKeyboard,
  useExtraLinks,
}: {
  open: boolean;
  withKeyboard: boolean;
  useExtraLinks: () => readonly MenuLink[];
}) {
  const { user } = useSession();
  const links = [...MENU_LINKS, ...useExtraLinks()];
  const signOut = useSignOut();
  // Opened from UserMenu's stand-in with a key, before Radix could see it: the first item takes
  // the focus, as Radix does when a key opens the menu. Only that first time.
  const keyboardOpening = useRef(withKeyboard);
  const onContentMount = (content: HTMLDivElement | null) => {
    if (!content || !keyboardOpening.current) return;
    keyboardOpening.current = false;
    focusFirstItem(content);
  };

  if (!user) return <NotAuthenticated />;

  return (
    // Not modal: a modal menu hides the page with aria-hidden while its links stay focusable
    // (WCAG 4.1.2); a menu button's menu leaves the page as it is and closes when focus leaves.
    <DropdownMenu.Root defaultOpen={open} modal={false}>
      <DropdownMenu.Trigger className={accountButtonClasses}>
        <AccountButtonFace user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          ref={onContentMount}
          // Named for what it is rather than by the trigger, whose name is the person's.
          aria-labelledby={undefined}
          aria-label="Account menu"
          className="animate-pop-in z-40 w-60 rounded-2xl border border-glass-border bg-night-900 p-1.5 shadow-panel outline-none"
        >
          <DropdownMenu.Label className="border-b border-glass-border px-3 pt-2 pb-3">
            <p className="truncate text-sm font-medium text-white">{user.name}</p>
            <p className="truncate text-xs text-zinc-400">{user.email}</p>
          </DropdownMenu.Label>
          <DropdownMenu.Group className="flex flex-col gap-0.5 pt-1.5">
            {links.map((item) => (
              <DropdownMenu.Item key={item.href} asChild className={itemClasses}>
                <Link to={item.href}>{item.label}</Link>
              </DropdownMenu.Item>
            ))}
            <DropdownMenu.Item
              disabled={signOut.isPending}
              className={cn(itemClasses, 'text-rose-200 data-[highlighted]:text-rose-100')}
              // The menu stays open so 'Signing out...' shows until the app leaves the shell.
              onSelect={(event) => {
                event.preventDefault();
                signOut.mutate();
              }}
            >
              {signOut.isPending ? 'Signing out...' : 'Sign out'}
            </DropdownMenu.Item>
          </DropdownMenu.Group>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
