import { PageHeader } from './page-header';
import { PlaceholderPanel } from './placeholder-panel';

export function GenerationHistoryRoute() {
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <PageHeader title="Generation History" backToDashboard />
      <PlaceholderPanel>Your past generations will be listed here soon.</PlaceholderPanel>
    </section>
  );
}
