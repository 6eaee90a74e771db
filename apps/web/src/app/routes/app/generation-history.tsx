import { GenerationHistory } from '../../../features/generations/components/generation-history';
import { presetFromGeneration } from '../../../features/generations/utils/generation-form-values';
import { deriveStart } from '../../../features/generations/utils/derive-actions';
import { useCredits } from '../../../features/credits/hooks/use-credits';
import { GenerationModalHost } from './generation-modal-host';
import { PageHeader } from './page-header';
import { useDisplayPreferences } from './use-display-preferences';
import { useGenerationLauncher } from './use-generation-launcher';

export function GenerationHistoryRoute() {
  const { blurThumbnails } = useDisplayPreferences();
  const generator = useGenerationLauncher();
  const { isPremium, balance, loading } = useCredits();
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <PageHeader title="Generation History" backToDashboard>
        Every image you asked for, newest first.
      </PageHeader>
      <GenerationHistory
        blurThumbnails={blurThumbnails}
        onUseSettings={(generation) => generator.openWith(presetFromGeneration(generation))}
        credits={loading ? null : { isPremium, balance }}
        onDerive={(image, action) => generator.openDerived(deriveStart(image, action))}
      />
      <GenerationModalHost
        open={generator.open}
        onClose={generator.close}
        preset={generator.preset}
        derive={generator.derive}
      />
    </section>
  );
}
