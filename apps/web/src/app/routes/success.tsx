import { useEffect, useState } from 'react';
import { SUCCESS_COUNTDOWN_SECONDS } from '@nocturne/contract/constants';
import { LinkButton } from '../../components/ui/link-button';
import { paths } from '../../config/paths';
import { browser } from '../../lib/browser';

/** Spec §2: the payment provider returns here; the tab closes itself after 10 seconds. */
export function SuccessRoute() {
  const [remaining, setRemaining] = useState(SUCCESS_COUNTDOWN_SECONDS);

  useEffect(() => {
    if (remaining <= 0) {
      browser.closeWindow();
      return;
    }
    const timer = setTimeout(() => setRemaining((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);

  return (
    <div className="glass-panel animate-pop-in w-full max-w-md rounded-3xl p-8 text-center">
      <div
        aria-hidden="true"
        className="mx-auto mb-6 flex size-16 items-center justify-center rounded-full bg-emerald-500/15 text-emerald-300"
      >
        <svg viewBox="0 0 24 24" className="size-8">
          <path
            d="M5 12.5l4.5 4.5L19 7.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
      <h1 className="font-display text-3xl font-semibold text-white">Payment Successful!</h1>
      <p className="mt-3 text-sm leading-relaxed text-zinc-300">
        Thank you. Premium activates as soon as the payment is confirmed on the network.
      </p>
      <p role="timer" aria-live="polite" className="mt-4 text-sm text-zinc-400">
        This tab closes in {Math.max(remaining, 0)} second{remaining === 1 ? '' : 's'}.
      </p>
      <div className="mt-7 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <LinkButton to={paths.app.subscription.getHref()}>View Subscription</LinkButton>
        <LinkButton to={paths.app.dashboard.getHref()} variant="glass">
          Go to Dashboard
        </LinkButton>
      </div>
    </div>
  );
}
