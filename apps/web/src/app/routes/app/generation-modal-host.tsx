import { DEFAULT_PREFERENCES } from '@nocturne/contract/users/preferences';
import { useCredits } from '../../../features/credits/hooks/use-credits';
import { GenerationErrorBoundary } from '../../../features/generations/components/generation-error-boundary';
import { GenerationModal } from '../../../features/generations/components/generation-modal';
import type { GenerationPreset } from '../../../features/generations/utils/generation-form-values';
import { usePreferences } from '../../../features/profile/api/get-preferences';
import { useUpdatePreferences } from '../../../features/profile/api/update-preferences';

/**
 * The generation modal as a page mounts it: the credit state, the person's option defaults and
 * whether the options panel starts open (their preferences, saved when they toggle it).
 */
export function GenerationModalHost({
  open,
  onClose,
  preset = null,
}: {
  open: boolean;
  onClose: () => void;
  /** 'Use these settings' of a history row or a favorite. */
  preset?: GenerationPreset | null;
}) {
  const { canGenerate, isPremium, balance, loading } = useCredits();
  const preferences = usePreferences().data ?? DEFAULT_PREFERENCES;
  const update = useUpdatePreferences();
  return (
    <GenerationErrorBoundary>
      <GenerationModal
        open={open}
        onClose={onClose}
        canGenerate={canGenerate}
        isPremium={isPremium}
        balance={balance}
        creditsLoading={loading}
        defaults={preferences.generationDefaults}
        optionsOpen={preferences.generationOptionsOpen}
        onOptionsOpenChange={(next) => update.mutate({ generationOptionsOpen: next })}
        preset={preset}
      />
    </GenerationErrorBoundary>
  );
}
