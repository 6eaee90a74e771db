import { Button } from '../../../components/ui/button';
import { useModelsQuery } from '../api/get-models';
import type { DeriveAction } from '../types';
import {
  choiceHint,
  deriveChoices,
  editRegionChoice,
  type DeriveCredits,
} from '../utils/derive-actions';
import { EditRegionButton } from './mask-editor/edit-region-button';
import type { MaskEditorSource } from './mask-editor/mask-editor-dialog';

/**
 * Vary (subtle), Vary (strong), Upscale ×2 (×4 where offered) and Edit region for one result:
 * only what its model can do, each with its cost, disabled with the reason when the person cannot
 * afford it.
 */
export function DeriveButtons({
  model,
  credits,
  source,
  onDerive,
}: {
  /** The person's credit state; null while it is not known (nothing is offered yet). */
  credits: DeriveCredits | null;
  /** The catalog id the result was made with; null: the person's default model. */
  model: string | null | undefined;
  /** The result itself, for the mask editor; absent: no Edit region. */
  source?: MaskEditorSource;
  onDerive: (action: DeriveAction) => void;
}) {
  const { data: models } = useModelsQuery();
  const entry = models?.find((item) => (model ? item.id === model : item.is_default));
  const choices = credits ? deriveChoices(entry, credits) : [];
  const editRegion = credits && source ? editRegionChoice(entry, credits) : null;
  if (choices.length === 0 && !editRegion) return null;
  return (
    <div role="group" aria-label="Make more from this image" className="flex flex-wrap gap-2">
      {choices.map((choice) => {
        const hint = choiceHint(choice);
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
      {editRegion && source && credits && (
        <EditRegionButton
          choice={editRegion}
          source={source}
          isPremium={credits.isPremium}
          onSent={onDerive}
        />
      )}
    </div>
  );
}
