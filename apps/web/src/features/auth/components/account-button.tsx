/** The account menu button's look, shared by its stand-in (UserMenu) and Radix's trigger. */
export const accountButtonClasses =
  'flex items-center gap-2 min-h-11 min-w-11 justify-center rounded-full border border-glass-border bg-glass p-1.5 text-sm text-zinc-200 transition hover:bg-glass-strong data-[state=open]:bg-glass-strong sm:pr-3';

function initialOf(name: string | undefined, email: string | undefined): string {
  return (name?.trim()[0] ?? email?.trim()[0] ?? '?').toUpperCase();
}

/** The initial in its circle, and the name from the small breakpoint up. */
export function AccountButtonFace({ user }: { user: { name?: string; email?: string } }) {
  return (
    <>
      <span
        aria-hidden="true"
        className="flex size-8 items-center justify-center rounded-full bg-gradient-to-br from-accent-500 to-indigo-glow font-semibold text-white"
      >
        {initialOf(user.name, user.email)}
      </span>
      <span className="hidden max-w-32 truncate sm:inline">{user.name || user.email}</span>
    </>
  );
}

export function NotAuthenticated() {
  return <span className="text-sm text-zinc-400">Not authenticated</span>;
}
