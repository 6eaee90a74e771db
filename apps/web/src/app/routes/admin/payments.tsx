import { ConsolePage } from '../../../features/admin/components/console-page';

/** Every payment and subscription with its history; reconcile, or grant a plan by hand. */
export function ConsolePaymentsRoute() {
  return (
    <ConsolePage
      title="Payments"
      description="Payments and subscriptions, their status history and IPN deliveries."
    >
      <p className="text-sm text-zinc-400">Not built yet.</p>
    </ConsolePage>
  );
}
