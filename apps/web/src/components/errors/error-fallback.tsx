import { browser } from '../../lib/browser';
import { Button } from '../ui/button';

export interface ErrorFallbackProps {
  onReset: () => void;
  /** 'page' fills the viewport (app level); 'section' fits inside a layout. */
  variant?: 'page' | 'section';
}

/** Spec §2 generic error boundary: 'Something went wrong' with Try Again and Refresh Page. */
export function ErrorFallback({ onReset, variant = 'section' }: ErrorFallbackProps) {
  return (
    <div
      role="alert"
      className={
        variant === 'page'
          ? 'flex min-h-dvh items-center justify-center p-6'
          : 'flex items-center justify-center px-4 py-16'
      }
    >
      <div className="glass-panel w-full max-w-md rounded-3xl p-8 text-center">
        <div
          aria-hidden="true"
          className="mx-auto mb-5 flex size-12 items-center justify-center rounded-2xl bg-rose-500/15 text-2xl text-rose-300"
        >
          !
        </div>
        <h2 className="text-xl font-semibold text-white">Something went wrong</h2>
        <p className="mt-2 text-sm text-zinc-400">
          An unexpected error interrupted this page. You can try again or reload.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Button onClick={onReset}>Try Again</Button>
          <Button variant="glass" onClick={() => browser.reload()}>
            Refresh Page
          </Button>
        </div>
      </div>
    </div>
  );
}
