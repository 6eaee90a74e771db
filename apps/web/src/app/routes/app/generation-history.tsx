import { GenerationHistory } from '../../../features/generations/components/generation-history';
import { PageHeader } from './page-header';
import { useDisplayPreferences } from './use-display-preferences';

export function GenerationHistoryRoute() {
  const { blurThumbnails } = useDisplayPreferences();
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <PageHeader title="Generation History" backToDashboard>
        Every image you asked for, newest first.
      </PageHeader>
      <GenerationHistory blurThumbnails={blurThumbnails} />
    </section>
  );
}
