import { PreviewModelNotice } from '../../../features/generations/components/preview-model-notice';
import { PageHeader } from './page-header';
import { PlaceholderPanel } from './placeholder-panel';

export function DashboardRoute() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <PageHeader title="Your Gallery" />
      <PreviewModelNotice />
      <PlaceholderPanel>
        Image generation and your favorites gallery are coming soon to this page.
      </PlaceholderPanel>
    </section>
  );
}
