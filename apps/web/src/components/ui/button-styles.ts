export const BUTTON_VARIANTS = [
  'primary',
  'secondary',
  'ghost',
  'danger',
  'success',
  'warning',
  'glass',
] as const;
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];

export const BUTTON_SIZES = ['xs', 'sm', 'md', 'lg', 'xl'] as const;
export type ButtonSize = (typeof BUTTON_SIZES)[number];

const base =
  'inline-flex items-center justify-center gap-2 rounded-xl font-medium whitespace-nowrap transition duration-150 select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400 disabled:cursor-not-allowed disabled:opacity-55';

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-gradient-to-r from-accent-600 to-indigo-glow text-white shadow-glow hover:brightness-110 active:brightness-95',
  secondary:
    'bg-night-700 text-zinc-100 border border-glass-border hover:bg-night-800 hover:border-accent-400/40',
  ghost: 'bg-transparent text-zinc-300 hover:bg-glass hover:text-white',
  danger: 'bg-rose-600 text-white hover:bg-rose-500 active:bg-rose-700',
  success: 'bg-success-600 text-white hover:bg-success-700 active:bg-success-700',
  warning: 'bg-amber-500 text-night-950 hover:bg-amber-400 active:bg-amber-600',
  glass:
    'bg-glass text-white border border-glass-border backdrop-blur-md hover:bg-glass-strong hover:border-white/20',
};

const sizes: Record<ButtonSize, string> = {
  xs: 'h-7 px-2.5 text-xs',
  sm: 'h-9 px-3.5 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-6 text-base',
  xl: 'h-14 px-8 text-lg',
};

/** Shared by Button and link-styled-as-button so both look identical. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md'): string {
  return `${base} ${variants[variant]} ${sizes[size]}`;
}
