import { Button } from '../../../components/ui/button';
import { browser } from '../../../lib/browser';
import { cn } from '../../../lib/cn';

export interface CreditErrorFallbackProps {
  /** A new user with 0 credits is greeted rather than warned (spec §2). */
  welcome: boolean;
  onReset: () => void;
  /** 'inline' fits in the header; 'section' fills a page area. */
  variant?: 'inline' | 'section';
}

export function CreditErrorFallback({
  welcome,
  onReset,
  variant = 'section',
}: CreditErrorFallbackProps) {
  const title = welcome ? 'Welcome to the App!' : 'Credit System Issue';
  const text = welcome
    ? 'Your credits are still being set up. Continue to claim your daily credits and start creating.'
    : 'Your credits could not be shown right now. You can continue and try again, or reload the page.';

  if (variant === 'inline') {
    return (
      <div role="alert" className="flex min-w-0 items-center gap-1.5" title={text}>
        <p
          className={cn(
            'truncate text-xs font-medium max-sm:sr-only',
            welcome ? 'text-accent-300' : 'text-rose-300',
          )}
        >
          {title}
        </p>
        <Button size="xs" variant="glass" onClick={onReset}>
          Continue Anyway
        </Button>
        <Button size="xs" variant="ghost" onClick={() => browser.reload()}>
          Refresh Page
        </Button>
      </div>
    );
  }

  return (
    <div role="alert" className="flex items-center justify-center px-4 py-12">
      <div className="glass-panel w-full max-w-md rounded-3xl p-8 text-center">
        <div
          aria-hidden="true"
          className={cn(
            'mx-auto mb-5 flex size-12 items-center justify-center rounded-2xl text-2xl',
            welcome ? 'bg-accent-500/15 text-accent-300' : 'bg-amber-500/15 text-amber-300',
          )}
        >
          {welcome ? '✦' : '!'}
        </div>
        <h2 className="text-xl font-semibold text-white">{title}</h2>
        <p className="mt-2 text-sm text-zinc-400">{text}</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Button onClick={onReset}>Continue Anyway</Button>
          <Button variant="glass" onClick={() => browser.reload()}>
            Refresh Page
          </Button>
        </div>
      </div>
    </div>
  );
}
