import { PageHeader } from './page-header';
import { PlaceholderPanel } from './placeholder-panel';

export function SubscriptionRoute() {
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <PageHeader title="Unlock Premium Creation" backToDashboard />
      <PlaceholderPanel>
        Premium plans and your subscription status are coming soon to this page.
      </PlaceholderPanel>
    </section>
  );
}
