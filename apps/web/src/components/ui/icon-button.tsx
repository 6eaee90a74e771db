import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import type { ButtonVariant } from './button-styles';

type IconButtonSize = 'sm' | 'md' | 'lg';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** Required: an icon alone has no accessible name. */
  'aria-label': string;
  icon: ReactNode;
  variant?: Extract<ButtonVariant, 'ghost' | 'glass' | 'secondary' | 'danger'>;
  size?: IconButtonSize;
}

const sizes: Record<IconButtonSize, string> = { sm: 'size-8', md: 'size-10', lg: 'size-12' };
const variants = {
  ghost: 'text-zinc-400 hover:bg-glass hover:text-white',
  glass: 'bg-glass border border-glass-border text-zinc-200 backdrop-blur-md hover:bg-glass-strong',
  secondary: 'bg-night-700 border border-glass-border text-zinc-200 hover:bg-night-800',
  danger: 'text-rose-300 hover:bg-rose-500/15 hover:text-rose-200',
} as const;

export function IconButton({
  icon,
  variant = 'ghost',
  size = 'md',
  className,
  type = 'button',
  ...rest
}: IconButtonProps) {
  return (
    <button
      type={type}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-xl transition focus-visible:outline-2 focus-visible:outline-accent-400 disabled:cursor-not-allowed disabled:opacity-50',
        sizes[size],
        variants[variant],
        className,
      )}
      {...rest}
    >
      <span aria-hidden="true" className="inline-flex">
        {icon}
      </span>
    </button>
  );
}
