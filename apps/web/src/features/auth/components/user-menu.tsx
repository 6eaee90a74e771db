import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { paths } from '../../../config/paths';
import { useSession } from '../api/get-session';
import { useSignOut } from '../api/sign-out';

const MENU_LINKS = [
  { label: 'Credit History', href: paths.app.creditHistory.getHref() },
  { label: 'Generation History', href: paths.app.generationHistory.getHref() },
  { label: 'Subscription', href: paths.app.subscription.getHref() },
  // The provider's manage-account item is hidden by the spec; the profile lives at /profile.
] as const;

const itemClasses =
  'flex w-full cursor-pointer items-center rounded-lg px-3 py-2.5 text-left text-sm text-zinc-200 outline-none transition select-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 data-[highlighted]:bg-glass-strong data-[highlighted]:text-white';

function initialOf(name: string | undefined, email: string | undefined): string {
  return (name?.trim()[0] ?? email?.trim()[0] ?? '?').toUpperCase();
}

/**
 * The shell's account menu (spec §2): history, subscription and sign out. Radix's dropdown menu
 * owns the keyboard (Enter/Space/ArrowDown open, arrows, Home/End, typeahead, Escape back to the
 * button) and outside clicks.
 */
export function UserMenu() {
  const { user } = useSession();
  const signOut = useSignOut();

  if (!user) {
    return <span className="text-sm text-zinc-400">Not authenticated</span>;
  }

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label="Account menu"
        className="flex items-center gap-2 rounded-full border border-glass-border bg-glass py-1 pr-1 pl-1 text-sm text-zinc-200 transition hover:bg-glass-strong data-[state=open]:bg-glass-strong sm:pr-3"
      >
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-gradient-to-br from-accent-500 to-indigo-glow font-semibold text-white"
        >
          {initialOf(user.name, user.email)}
        </span>
        <span className="hidden max-w-32 truncate sm:inline">{user.name || user.email}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="animate-pop-in z-40 w-60 rounded-2xl border border-glass-border bg-night-900 p-1.5 shadow-panel outline-none"
        >
          <DropdownMenu.Label className="border-b border-glass-border px-3 pt-2 pb-3">
            <p className="truncate text-sm font-medium text-white">{user.name}</p>
            <p className="truncate text-xs text-zinc-400">{user.email}</p>
          </DropdownMenu.Label>
          <DropdownMenu.Group className="flex flex-col gap-0.5 pt-1.5">
            {MENU_LINKS.map((item) => (
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
