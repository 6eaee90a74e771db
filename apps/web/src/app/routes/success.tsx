import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { SUCCESS_COUNTDOWN_SECONDS } from '@nocturne/contract/constants';
import { LinkButton } from '../../components/ui/link-button';
import { paths } from '../../config/paths';
import { browser } from '../../lib/browser';

/** How long after window.close() the tab counts as refused to close. */
export const CLOSE_CHECK_DELAY_MS = 500;
/** How long the "could not close" note shows before /subscription replaces the page. */
export const REDIRECT_DELAY_MS = 3_000;

function useCountdownThenClose(): { remaining: number; stuck: boolean } {
  const [remaining, setRemaining] = useState(SUCCESS_COUNTDOWN_SECONDS);
  const [stuck, setStuck] = useState(false);
  const navigate = useNavigate();

  useEffect(() => {
    if (remaining > 0) {
      const timer = setTimeout(() => setRemaining((value) => value - 1), 1000);
      return () => clearTimeout(timer);
    }
    browser.closeWindow();
    // A browser only lets a page close a tab that a script opened; a tab the person opened stays.
    const timer = setTimeout(() => {
      if (!browser.isWindowClosed()) setStuck(true);
    }, CLOSE_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [remaining]);

  useEffect(() => {
    if (!stuck) return;
    const timer = setTimeout(
      () => void navigate(paths.app.subscription.getHref(), { replace: true }),
      REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [stuck, navigate]);

  return { remaining, stuck };
}

/** Spec §2: the payment provider returns here; the tab closes itself after 10 seconds. */
export function SuccessRoute() {
  const { remaining, stuck } = useCountdownThenClose();

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
      {stuck ? (
        <p role="status" className="mt-4 text-sm text-zinc-400">
          This tab could not close itself. Taking you to your subscription…
        </p>
      ) : (
        <p role="timer" aria-live="polite" className="mt-4 text-sm text-zinc-400">
          This tab closes in {Math.max(remaining, 0)} second{remaining === 1 ? '' : 's'}.
        </p>
      )}
      <div className="mt-7 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <LinkButton to={paths.app.subscription.getHref()}>View Subscription</LinkButton>
        <LinkButton to={paths.app.dashboard.getHref()} variant="glass">
          Go to Dashboard
        </LinkButton>
      </div>
    </div>
  );
}
