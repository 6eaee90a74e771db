import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
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
  'flex w-full items-center rounded-lg px-3 py-2.5 text-left text-sm text-zinc-200 outline-none transition hover:bg-glass-strong hover:text-white focus-visible:bg-glass-strong focus-visible:text-white';

function initialOf(name: string | undefined, email: string | undefined): string {
  return (name?.trim()[0] ?? email?.trim()[0] ?? '?').toUpperCase();
}

/** The shell's account menu (spec §2): a menu button with history, subscription and sign out. */
export function UserMenu() {
  const { user } = useSession();
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  if (!user) {
    return <span className="text-sm text-zinc-400">Not authenticated</span>;
  }

  function close(restoreFocus: boolean) {
    setOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const items = Array.from(
      menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [],
    );
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => items[(next + items.length) % items.length]?.focus();
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusAt(index + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusAt(index - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusAt(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusAt(items.length - 1);
    } else if (event.key === 'Tab') {
      close(false);
    }
  }

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-2 rounded-full border border-glass-border bg-glass py-1 pr-1 pl-1 text-sm text-zinc-200 transition hover:bg-glass-strong sm:pr-3"
      >
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-gradient-to-br from-accent-500 to-indigo-glow font-semibold text-white"
        >
          {initialOf(user.name, user.email)}
        </span>
        <span className="hidden max-w-32 truncate sm:inline">{user.name || user.email}</span>
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="Account"
          onKeyDown={onMenuKeyDown}
          className="animate-pop-in absolute right-0 z-40 mt-2 w-60 rounded-2xl border border-glass-border bg-night-900 p-1.5 shadow-panel"
        >
          <div className="border-b border-glass-border px-3 pt-2 pb-3" role="none">
            <p className="truncate text-sm font-medium text-white">{user.name}</p>
            <p className="truncate text-xs text-zinc-400">{user.email}</p>
          </div>
          <div className="flex flex-col gap-0.5 pt-1.5" role="none">
            {MENU_LINKS.map((item) => (
              <Link
                key={item.href}
                to={item.href}
                role="menuitem"
                tabIndex={-1}
                className={itemClasses}
                onClick={() => close(false)}
              >
                {item.label}
              </Link>
            ))}
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              disabled={signOut.isPending}
              className={cn(itemClasses, 'text-rose-200 hover:text-rose-100')}
              onClick={() => signOut.mutate()}
            >
              {signOut.isPending ? 'Signing out...' : 'Sign out'}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
