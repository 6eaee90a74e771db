import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useCredits } from '../../../features/credits/hooks/use-credits';
import { GenerationErrorBoundary } from '../../../features/generations/components/generation-error-boundary';
import { GenerationModal } from '../../../features/generations/components/generation-modal';
import { PreviewModelNotice } from '../../../features/generations/components/preview-model-notice';
import { PageHeader } from './page-header';
import { PlaceholderPanel } from './placeholder-panel';

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

/** /dashboard: 'Your Gallery' and the generation modal; credits come from the signed-in shell. */
export function DashboardRoute() {
  const { canGenerate, isPremium, balance } = useCredits();
  const [generating, setGenerating] = useState(false);

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
      <PreviewModelNotice />
      <GenerationErrorBoundary>
        <GenerationModal
          open={generating}
          onClose={() => setGenerating(false)}
          canGenerate={canGenerate}
          isPremium={isPremium}
          balance={balance}
        />
      </GenerationErrorBoundary>
      <PlaceholderPanel>
        Your favorites gallery is coming soon to this page. Generate an image and save it to your
        favorites to start it.
      </PlaceholderPanel>
    </section>
  );
}
