import { PageHeader } from './page-header';
import { PlaceholderPanel } from './placeholder-panel';

export function CreditHistoryRoute() {
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <PageHeader title="Credit History" backToDashboard />
      <PlaceholderPanel>
        Your credit statistics and transactions will be listed here soon.
      </PlaceholderPanel>
    </section>
  );
}
