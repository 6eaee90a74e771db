import type { SubscriptionPlan } from '@nocturne/contract/subscriptions/subscription-plans';
import { Button } from '../../../components/ui/button';
import { priceText, type PriceState } from '../utils/price-text';
import { ErrorBanner } from './error-banner';

export const SUPPORTED_COINS_URL = 'https://nowpayments.io/supported-coins';
const COINS = ['Bitcoin', 'Ethereum', 'XRP', 'Tether'] as const;

function PlanOption({
  name,
  price,
  period,
  action,
  onChoose,
}: {
  name: string;
  price: string;
  period: string;
  action: string;
  onChoose: () => void;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-glass-border bg-night-900/60 p-4">
      <h3 className="text-sm font-medium text-zinc-300">{name}</h3>
      <p className="text-white">
        <span className="font-display text-3xl font-semibold">{price}</span>{' '}
        <span className="text-sm text-zinc-400">{period}</span>
      </p>
      <Button onClick={onChoose} className="mt-auto whitespace-normal">
        {action}
      </Button>
    </div>
  );
}

/**
 * Spec §2 upgrade card: the monthly plan (and the lifetime one beside it), the coins, and the
 * create errors in a red banner. `renewal` is an expiring-soon monthly plan: only monthly is offered.
 */
export function UpgradeCard({
  price,
  error,
  renewal = false,
  onChoose,
}: {
  price: PriceState;
  error: string | null;
  renewal?: boolean;
  onChoose: (plan: SubscriptionPlan) => void;
}) {
  const lifetime = priceText(price, 'lifetime');
  return (
    <section
      aria-label="Upgrade to Premium"
      className="glass-panel flex flex-col gap-4 rounded-3xl p-5 sm:p-6"
    >
      <h2 className="font-display text-xl font-semibold text-white">
        {renewal ? 'Renew Premium' : 'Go Premium'}
      </h2>
      {error && <ErrorBanner message={error} />}
      <div className="grid gap-3 sm:grid-cols-2">
        <PlanOption
          name="Monthly"
          price={priceText(price, 'monthly') ?? ''}
          period="/ month · Cancel anytime"
          action="Unlock unlimited imagination"
          onChoose={() => onChoose('monthly')}
        />
        {!renewal && lifetime && (
          <PlanOption
            name="Lifetime"
            price={lifetime}
            period="once · yours for life"
            action="Get lifetime access"
            onChoose={() => onChoose('lifetime')}
          />
        )}
      </div>
      <div className="text-sm text-zinc-400">
        <p>Pay with crypto:</p>
        <ul aria-label="Accepted coins" className="mt-2 flex flex-wrap gap-2">
          {COINS.map((coin) => (
            <li key={coin} className="rounded-full bg-glass px-3 py-1 text-zinc-200">
              {coin}
            </li>
          ))}
        </ul>
        <a
          href={SUPPORTED_COINS_URL}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-2 inline-block text-accent-300 underline-offset-2 hover:underline"
        >
          and 300+ more coins
        </a>
      </div>
    </section>
  );
}
