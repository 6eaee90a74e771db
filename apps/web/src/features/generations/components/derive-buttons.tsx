import { Button } from '../../../components/ui/button';
import { useModelsQuery } from '../api/get-models';
import type { DeriveAction } from '../types';
import { deriveChoices, type DeriveCredits } from '../utils/derive-actions';

function costText(cost: number): string {
  return cost === 0 ? 'free' : `${cost} credit${cost === 1 ? '' : 's'}`;
}

/**
 * Vary (subtle), Vary (strong) and Upscale ×2 (×4 where offered) for one result: only what its
 * model can do, each with its cost, disabled with the reason when the person cannot afford it.
 */
export function DeriveButtons({
  model,
  credits,
  onDerive,
}: {
  /** The person's credit state; null while it is not known (nothing is offered yet). */
  credits: DeriveCredits | null;
  /** The catalog id the result was made with; null: the person's default model. */
  model: string | null | undefined;
  onDerive: (action: DeriveAction) => void;
}) {
  const { data: models } = useModelsQuery();
  const choices = credits
    ? deriveChoices(
        models?.find((entry) => (model ? entry.id === model : entry.is_default)),
        credits,
      )
    : [];
  if (choices.length === 0) return null;
  return (
    <div role="group" aria-label="Make more from this image" className="flex flex-wrap gap-2">
      {choices.map((choice) => {
        const hint = choice.disabledReason ?? costText(choice.cost);
        return (
          <Button
            key={choice.label}
            size="sm"
            variant="glass"
            disabled={choice.disabledReason !== null}
            // The name is exactly what the button shows (WCAG 2.5.3): its label, then its cost
            // or why it is off.
            aria-label={`${choice.label}, ${hint}`}
            onClick={() => onDerive(choice.action)}
          >
            {choice.label}
            <span className="text-xs text-zinc-400">, {hint}</span>
          </Button>
        );
      })}
    </div>
  );
}
