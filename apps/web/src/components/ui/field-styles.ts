export const controlClasses =
  'w-full rounded-xl border bg-night-900/70 px-3.5 text-[15px] text-zinc-100 placeholder:text-zinc-500 transition outline-none focus:border-accent-400 focus:ring-2 focus:ring-accent-400/30 disabled:opacity-60';

export function controlBorder(error?: string): string {
  return error ? 'border-rose-500/70' : 'border-glass-border hover:border-white/20';
}
