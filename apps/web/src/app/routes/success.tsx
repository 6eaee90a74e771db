import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { SUCCESS_COUNTDOWN_SECONDS } from '@nocturne/contract/constants';
import { formatCredits } from '@nocturne/contract/credits/credit-status';
import { LinkButton } from '../../components/ui/link-button';
import { paths } from '../../config/paths';
import { browser } from '../../lib/browser';

/** How long after window.close() the tab counts as refused to close. */
export const CLOSE_CHECK_DELAY_MS = 500;
/** How long the "could not close" note shows before the next page replaces this one. */
export const REDIRECT_DELAY_MS = 3_000;

/** What the page says was bought: a plan, or a credit pack (the server adds `?credits=N`). */
interface Purchase {
  thanks: string;
  link: { to: string; label: string; goingTo: string };
}

function describePurchase(creditsParam: string | null): Purchase {
  const credits = Number(creditsParam);
  if (creditsParam && Number.isSafeInteger(credits) && credits > 0) {
    const amount = `${formatCredits(credits)} credit${credits === 1 ? '' : 's'}`;
    return {
      thanks: `Thank you for buying ${amount}. They arrive in your balance as soon as the payment is confirmed on the network.`,
      link: {
        to: paths.app.creditHistory.getHref(),
        label: 'View Credit History',
        goingTo: 'your credit history',
      },
    };
  }
  return {
    thanks: 'Thank you. Premium activates as soon as the payment is confirmed on the network.',
    link: {
      to: paths.app.subscription.getHref(),
      label: 'View Subscription',
      goingTo: 'your subscription',
    },
  };
}

function useCountdownThenClose(next: string): { remaining: number; stuck: boolean } {
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
    const timer = setTimeout(() => void navigate(next, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [stuck, navigate, next]);

  return { remaining, stuck };
}

/** Spec §2: the payment provider returns here; the tab closes itself after 10 seconds. */
export function SuccessRoute() {
  const [searchParams] = useSearchParams();
  const purchase = describePurchase(searchParams.get('credits'));
  const { remaining, stuck } = useCountdownThenClose(purchase.link.to);

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
      <p className="mt-3 text-sm leading-relaxed text-zinc-300">{purchase.thanks}</p>
      {stuck ? (
        <p role="status" className="mt-4 text-sm text-zinc-400">
          This tab could not close itself. Taking you to {purchase.link.goingTo}…
        </p>
      ) : (
        <p role="timer" aria-live="polite" className="mt-4 text-sm text-zinc-400">
          This tab closes in {Math.max(remaining, 0)} second{remaining === 1 ? '' : 's'}.
        </p>
      )}
      <div className="mt-7 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <LinkButton to={purchase.link.to}>{purchase.link.label}</LinkButton>
        <LinkButton to={paths.app.dashboard.getHref()} variant="glass">
          Go to Dashboard
        </LinkButton>
      </div>
    </div>
  );
}
