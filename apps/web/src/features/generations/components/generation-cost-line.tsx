import { Button } from '../../../components/ui/button';
import { costText } from '../utils/generation-texts';

/** What the submit costs ('…' while unknown, FREE for premium) beside the Generate button. */
export function GenerationCostLine({
  cost,
  unknown,
  isPremium,
  canSubmit,
}: {
  cost: number;
  /** The credit state or the catalog is still loading. */
  unknown: boolean;
  isPremium: boolean;
  canSubmit: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-zinc-400" aria-busy={unknown || undefined}>
        Cost:{' '}
        <span
          data-testid="generation-cost"
          className={
            isPremium || cost === 0 ? 'font-semibold text-emerald-300' : 'font-semibold text-white'
          }
        >
          {unknown ? '…' : isPremium ? 'FREE' : cost === 0 ? 'Free' : costText(cost)}
        </span>
      </p>
      <Button type="submit" disabled={!canSubmit} className="max-sm:w-full">
        Generate
      </Button>
    </div>
  );
}
