import { ErrorFallback } from '../../../components/errors/error-fallback';
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
    <ErrorFallback
      onReset={onReset}
      className="flex items-center justify-center px-4 py-12"
      title={title}
      message={text}
      resetLabel="Continue Anyway"
      icon={welcome ? '✦' : '!'}
      iconClassName={
        welcome ? 'bg-accent-500/15 text-accent-300' : 'bg-amber-500/15 text-amber-300'
      }
    />
  );
}
