import { LinkButton } from '../../components/ui/link-button';
import { paths } from '../../config/paths';

const REASONS = [
  'Insufficient funds in your wallet',
  'An incorrect amount was sent',
  'The payment was cancelled',
] as const;

const TIPS = [
  'Check your wallet balance and try again',
  'Send the exact amount shown on the payment page',
  'Contact support if the problem continues',
] as const;

/** Spec §2: where the payment provider sends a failed or cancelled payment. */
export function FailedPaymentRoute() {
  return (
    <div className="glass-panel animate-pop-in w-full max-w-lg rounded-3xl p-6 sm:p-8">
      <div
        aria-hidden="true"
        className="mb-6 flex size-14 items-center justify-center rounded-full bg-rose-500/15 text-rose-300"
      >
        <svg viewBox="0 0 24 24" className="size-7">
          <path
            d="M7 7l10 10M17 7L7 17"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
          />
        </svg>
      </div>
      <h1 className="font-display text-3xl font-semibold text-white">Payment Failed</h1>
      <p className="mt-3 text-sm leading-relaxed text-zinc-300">
        Your payment could not be completed.
      </p>
      <h2 className="mt-6 text-sm font-semibold tracking-wide text-zinc-200 uppercase">
        Common reasons
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-zinc-400">
        {REASONS.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      <h2 className="mt-6 text-sm font-semibold tracking-wide text-zinc-200 uppercase">
        What you can do
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-zinc-400">
        {TIPS.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <LinkButton to={paths.app.subscription.getHref()}>Try Again</LinkButton>
        <LinkButton to={paths.app.dashboard.getHref()} variant="glass">
          Go to Dashboard
        </LinkButton>
      </div>
    </div>
  );
}
