import { Button } from '../../../components/ui/button';
import { useCredits } from '../../../features/credits/hooks/use-credits';
import { DailyPromoModal } from '../../../features/gallery/components/daily-promo-modal';
import { Gallery } from '../../../features/gallery/components/gallery';
import { GalleryErrorBoundary } from '../../../features/gallery/components/gallery-error-boundary';
import { useImageEngineQuery } from '../../../features/generations/api/get-image-engine';
import { PreviewModelNotice } from '../../../features/generations/components/preview-model-notice';
import { useGenerationPausedMessage } from '../../../features/generations/hooks/use-generation-paused-message';
import { GenerationModalHost } from './generation-modal-host';
import { PageHeader } from './page-header';
import { presetFromFavorite } from './preset-from-favorite';
import { useGenerationLauncher } from './use-generation-launcher';
import { useDisplayPreferences } from './use-display-preferences';

function SparklesIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4">
      <path
        d="M10 2.5l1.6 4.4 4.4 1.6-4.4 1.6L10 14.5l-1.6-4.4L4 8.5l4.4-1.6L10 2.5zM15.5 13l.7 1.8 1.8.7-1.8.7-.7 1.8-.7-1.8-1.8-.7 1.8-.7.7-1.8z"
        fill="currentColor"
      />
    </svg>
  );
}

/**
 * /dashboard: 'Your Gallery', the operator's message while generation is paused for this person,
 * the generation modal (a saved image joins the gallery through the
 * shared favorites query key) and the daily promo; credits come from the signed-in shell.
 */
export function DashboardRoute() {
  const { isPremium, loading, error } = useCredits();
  const generator = useGenerationLauncher();
  const { blurThumbnails, showDailyPromo } = useDisplayPreferences();
  const engine = useImageEngineQuery();
  // Until the credits say whether the person has premium, a premium-only pause is not theirs.
  const pausedMessage = useGenerationPausedMessage(isPremium || loading || error !== null);

  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageHeader title="Your Gallery" />
        <Button
          size="lg"
          className="mb-8 max-sm:w-full"
          icon={<SparklesIcon />}
          onClick={generator.openBlank}
        >
          Generate Image
        </Button>
      </div>
      {pausedMessage && (
        <p
          role="status"
          data-testid="dashboard-generation-paused"
          className="mb-6 rounded-xl border border-amber-400/30 bg-amber-400/10 px-4 py-3 text-sm text-amber-100"
        >
          {pausedMessage}
        </p>
      )}
      <GenerationModalHost
        open={generator.open}
        onClose={generator.close}
        preset={generator.preset}
      />
      <GalleryErrorBoundary>
        <Gallery
          onGenerate={generator.openBlank}
          onUseSettings={(favorite) => {
            const preset = presetFromFavorite(favorite);
            if (preset) generator.openWith(preset);
          }}
          blurThumbnails={blurThumbnails}
          notice={<PreviewModelNotice />}
          holdResults={engine.isPending}
        />
      </GalleryErrorBoundary>
      {/* Credits that failed to load say nothing about premium: no promo on a guess. */}
      <DailyPromoModal eligible={showDailyPromo && !loading && !error && !isPremium} />
    </section>
  );
}
