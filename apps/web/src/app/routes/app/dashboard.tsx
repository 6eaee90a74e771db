import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useCredits } from '../../../features/credits/hooks/use-credits';
import { DailyPromoModal } from '../../../features/gallery/components/daily-promo-modal';
import { Gallery } from '../../../features/gallery/components/gallery';
import { GalleryErrorBoundary } from '../../../features/gallery/components/gallery-error-boundary';
import { GenerationErrorBoundary } from '../../../features/generations/components/generation-error-boundary';
import { useImageEngineQuery } from '../../../features/generations/api/get-image-engine';
import { GenerationModal } from '../../../features/generations/components/generation-modal';
import { PreviewModelNotice } from '../../../features/generations/components/preview-model-notice';
import { PageHeader } from './page-header';
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
 * /dashboard: 'Your Gallery', the generation modal (a saved image joins the gallery through the
 * shared favorites query key) and the daily promo; credits come from the signed-in shell.
 */
export function DashboardRoute() {
  const { canGenerate, isPremium, balance, loading, error } = useCredits();
  const [generating, setGenerating] = useState(false);
  const { blurThumbnails, showDailyPromo } = useDisplayPreferences();
  const engine = useImageEngineQuery();

  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageHeader title="Your Gallery" />
        <Button
          size="lg"
          className="mb-8 max-sm:w-full"
          icon={<SparklesIcon />}
          onClick={() => setGenerating(true)}
        >
          Generate Image
        </Button>
      </div>
      <GenerationErrorBoundary>
        <GenerationModal
          open={generating}
          onClose={() => setGenerating(false)}
          canGenerate={canGenerate}
          isPremium={isPremium}
          balance={balance}
          creditsLoading={loading}
        />
      </GenerationErrorBoundary>
      <GalleryErrorBoundary>
        <Gallery
          onGenerate={() => setGenerating(true)}
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
