import { AlertText } from '../../../../components/ui/alert-text';
import { Button } from '../../../../components/ui/button';
import type { DeriveChoice } from '../../utils/derive-actions';
import { costText } from '../../utils/generation-texts';

function priceText(choice: DeriveChoice, isPremium: boolean): string {
  if (isPremium) return 'Included in Premium';
  return choice.cost === 0 ? 'Free' : costText(choice.cost);
}

/**
 * The price as Vary shows it, why it cannot be sent (nothing painted yet, too few credits), the
 * server's refusal in the catalogue's words, and "Repaint region".
 */
export function RepaintFooter({
  choice,
  isPremium,
  painted,
  sending,
  error,
}: {
  choice: DeriveChoice;
  isPremium: boolean;
  painted: boolean;
  sending: boolean;
  error: string | null;
}) {
  const why = choice.disabledReason ?? (painted ? null : 'Paint the region to repaint first.');
  return (
    <div className="flex flex-col gap-3">
      {error && <AlertText>{error}</AlertText>}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="text-sm text-zinc-400">
          <p>
            Cost:{' '}
            <span data-testid="inpaint-cost" className="font-semibold text-white">
              {priceText(choice, isPremium)}
            </span>
          </p>
          {why && <p className="text-xs">{why}</p>}
        </div>
        <Button type="submit" disabled={why !== null || sending} className="max-sm:w-full">
          {sending ? 'Sending…' : 'Repaint region'}
        </Button>
      </div>
    </div>
  );
}
