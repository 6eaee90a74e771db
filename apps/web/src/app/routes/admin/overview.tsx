import { ConsolePage } from '../../../features/admin/components/console-page';
import { OverviewPanel } from '../../../features/admin/overview/components/overview-panel';

/** The service as it runs now: queue, workers, failures, people and money, live. */
export function ConsoleOverviewRoute() {
  return (
    <ConsolePage
      title="Overview"
      description="The queue, workers, failures, people and money, live."
    >
      <OverviewPanel />
    </ConsolePage>
  );
}
