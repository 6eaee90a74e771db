import type { ReactNode } from 'react';
import { browser } from '../../lib/browser';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';

export interface ErrorFallbackProps {
  onReset: () => void;
  /** 'page' fills the viewport (app level); 'section' fits inside a layout. */
  variant?: 'page' | 'section';
  title?: string;
  message?: string;
  /** The label of the button that renders the area again. */
  resetLabel?: string;
  /** The glyph above the title and its colours. */
  icon?: ReactNode;
  iconClassName?: string;
  /** Replaces the outer layout classes chosen by `variant`. */
  className?: string;
}

/**
 * Spec §2 error panel: by default the generic boundary's 'Something went wrong' with Try Again and
 * Refresh Page; feature boundaries pass their own title, message and reset label.
 */
export function ErrorFallback({
  onReset,
  variant = 'section',
  title = 'Something went wrong',
  message = 'An unexpected error interrupted this page. You can try again or reload.',
  resetLabel = 'Try Again',
  icon = '!',
  iconClassName = 'bg-rose-500/15 text-rose-300',
  className,
}: ErrorFallbackProps) {
  return (
    <div
      role="alert"
      className={
        className ??
        (variant === 'page'
          ? 'flex min-h-dvh items-center justify-center p-6'
          : 'flex items-center justify-center px-4 py-16')
      }
    >
      <div className="glass-panel w-full max-w-md rounded-3xl p-8 text-center">
        <div
          aria-hidden="true"
          className={cn(
            'mx-auto mb-5 flex size-12 items-center justify-center rounded-2xl text-2xl',
            iconClassName,
          )}
        >
          {icon}
        </div>
        <h2 className="text-xl font-semibold text-white">{title}</h2>
        <p className="mt-2 text-sm text-zinc-400">{message}</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Button onClick={onReset}>{resetLabel}</Button>
          <Button variant="glass" onClick={() => browser.reload()}>
            Refresh Page
          </Button>
        </div>
      </div>
    </div>
  );
}
