import { ConsolePage } from '../../../features/admin/components/console-page';

/** The service as it runs now: queue, workers, failures, people and money, live. */
export function ConsoleOverviewRoute() {
  return (
    <ConsolePage
      title="Overview"
      description="The queue, workers, failures, people and money, live."
    >
      <p className="text-sm text-zinc-400">Not built yet.</p>
    </ConsolePage>
  );
}
