/** The account menu button's look, shared by its stand-in (UserMenu) and Radix's trigger. */
export const accountButtonClasses =
  'flex items-center gap-2 min-h-11 min-w-11 justify-center rounded-full border border-glass-border bg-glass p-1.5 text-sm text-zinc-200 transition hover:bg-glass-strong data-[state=open]:bg-glass-strong sm:pr-3';

function initialOf(name: string | undefined, email: string | undefined): string {
  return (name?.trim()[0] ?? email?.trim()[0] ?? '?').toUpperCase();
}

/** The words after the person's name in the button's accessible name. */
export const ACCOUNT_MENU_NAME_SUFFIX = ', account menu';

/**
 * The initial in its circle, and the name from the small breakpoint up. The button is named by
 * what it shows, the person's name first (WCAG 2.5.3, so speech input can say it), then what it
 * opens; phones, which show only the initial, still read the name.
 */
export function AccountButtonFace({ user }: { user: { name?: string; email?: string } }) {
  const shown = user.name || user.email;
  return (
    <>
      <span
        aria-hidden="true"
        className="flex size-8 items-center justify-center rounded-full bg-gradient-to-br from-accent-500 to-indigo-glow font-semibold text-white"
      >
        {initialOf(user.name, user.email)}
      </span>
      <span className="max-w-32 truncate max-sm:sr-only">{shown}</span>
      <span className="sr-only">{ACCOUNT_MENU_NAME_SUFFIX}</span>
    </>
  );
}

export function NotAuthenticated() {
  return <span className="text-sm text-zinc-400">Not authenticated</span>;
}
