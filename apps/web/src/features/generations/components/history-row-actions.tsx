import { Button } from '../../../components/ui/button';
import type { GenerationListItem } from '../api/generation-list-schema';
import { truncate } from '../utils/truncate';

/** A history entry's buttons: Use these settings, Retry (while it has failed images), Delete. */
export function HistoryRowActions({
  generation,
  onUseSettings,
  retrying,
  onRetry,
  onDelete,
}: {
  /** The entry's first image: its prompt names the buttons, its settings are the ones used. */
  generation: GenerationListItem;
  onUseSettings?: (generation: GenerationListItem) => void;
  retrying: boolean;
  /** Absent: nothing of the entry failed. */
  onRetry?: () => void;
  onDelete: () => void;
}) {
  const prompt = generation.content_prompt;
  return (
    <div className="flex shrink-0 flex-wrap justify-end gap-2 sm:flex-col sm:items-stretch">
      {onUseSettings && (
        <Button
          size="sm"
          variant="glass"
          aria-label={`Use these settings: ${truncate(prompt, 40)}`}
          onClick={() => onUseSettings(generation)}
        >
          Use these settings
        </Button>
      )}
      {onRetry && (
        <Button size="sm" variant="glass" disabled={retrying} onClick={onRetry}>
          {retrying ? 'Retrying...' : 'Retry'}
        </Button>
      )}
      <Button
        size="sm"
        variant="ghost"
        className="text-zinc-400 hover:text-rose-200"
        aria-label={`Delete generation: ${truncate(prompt, 40)}`}
        onClick={onDelete}
      >
        Delete
      </Button>
    </div>
  );
}
