import { PageHeader } from './page-header';
import { PlaceholderPanel } from './placeholder-panel';

export function ProfileRoute() {
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <PageHeader title="Account Profile" backToDashboard />
      <PlaceholderPanel>Account management is coming soon to this page.</PlaceholderPanel>
    </section>
  );
}
