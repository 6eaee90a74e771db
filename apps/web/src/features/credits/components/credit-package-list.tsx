import { formatCredits } from '@nocturne/contract/credits/credit-status';
import type { CreditPackage } from '@nocturne/contract/credits/get-credit-packages';
import { Button } from '../../../components/ui/button';
import { formatPackagePrice, formatPricePerCredit } from '../utils/format-package-price';
import { CoinIcon } from './credit-icons';

/** One row per pack: credits, price, price per credit and its buy button. */
export function CreditPackageList({
  packages,
  buyingId,
  onBuy,
}: {
  packages: CreditPackage[];
  /** The pack whose invoice is being created; every buy button waits meanwhile. */
  buyingId: string | null;
  onBuy: (packageId: string) => void;
}) {
  return (
    <ul className="flex flex-col gap-3">
      {packages.map((pack) => (
        <li
          key={pack.package_id}
          className="flex items-center justify-between gap-3 rounded-2xl border border-glass-border bg-glass px-4 py-3"
        >
          <div className="min-w-0">
            <p className="flex items-center gap-1.5 font-semibold text-white">
              <CoinIcon className="size-4 shrink-0 text-amber-300" />
              {formatCredits(pack.credits)} credits
            </p>
            <p className="mt-0.5 text-sm text-zinc-300">
              {formatPackagePrice(pack)}
              <span className="ml-2 text-xs text-zinc-500">{formatPricePerCredit(pack)}</span>
            </p>
          </div>
          <Button
            size="sm"
            onClick={() => onBuy(pack.package_id)}
            loading={buyingId === pack.package_id}
            disabled={buyingId !== null}
            aria-label={`Buy ${formatCredits(pack.credits)} credits for ${formatPackagePrice(pack)}`}
          >
            Buy
          </Button>
        </li>
      ))}
    </ul>
  );
}
