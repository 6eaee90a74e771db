import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PREFERENCES } from '@nocturne/contract/users/preferences';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useCredits } from '../../../features/credits/hooks/use-credits';
import { modelsQueryOptions } from '../../../features/generations/api/get-models';
import { GenerationErrorBoundary } from '../../../features/generations/components/generation-error-boundary';
import type { GenerationPreset } from '../../../features/generations/utils/generation-form-values';
import type { DeriveStart } from '../../../features/generations/utils/derive-actions';
import { usePreferences } from '../../../features/profile/api/get-preferences';
import { useUpdatePreferences } from '../../../features/profile/api/update-preferences';

/** After the page's first paint and data, so the modal's code never competes with them. */
const PREFETCH_DELAY_MS = 2_000;

const loadGenerationModal = () =>
  import('../../../features/generations/components/generation-modal');

/**
 * Loaded on its own: the modal (options panel, flow, realtime) is not part of what a page needs
 * to paint (docs/decisions/017), so it is fetched once the page is idle, and mounted when first
 * opened.
 */
const GenerationModal = lazy(() =>
  loadGenerationModal().then((module) => ({ default: module.GenerationModal })),
);

/**
 * The generation modal as a page mounts it: the credit state, the person's option defaults and
 * whether the options panel starts open (their preferences, saved when they toggle it).
 */
export function GenerationModalHost({
  open,
  onClose,
  preset = null,
  derive = null,
}: {
  open: boolean;
  onClose: () => void;
  /** 'Use these settings' of a history row or a favorite. */
  preset?: GenerationPreset | null;
  /** Vary, upscale or Edit region of a history row or detail view: opens on its progress. */
  derive?: DeriveStart | null;
}) {
  const { canGenerate, isPremium, balance, loading } = useCredits();
  const preferences = usePreferences().data ?? DEFAULT_PREFERENCES;
  const update = useUpdatePreferences();
  const queryClient = useQueryClient();
  // The catalog is read with the page, so the modal opens with its default model and cost.
  useEffect(() => void queryClient.prefetchQuery(modelsQueryOptions), [queryClient]);
  // Mounted from the first open on, so closing keeps its state like before.
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  useEffect(() => {
    const timer = setTimeout(() => void loadGenerationModal(), PREFETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!mounted) return null;
  return (
    <GenerationErrorBoundary>
      <Suspense fallback={null}>
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
          derive={derive}
        />
      </Suspense>
    </GenerationErrorBoundary>
  );
}
