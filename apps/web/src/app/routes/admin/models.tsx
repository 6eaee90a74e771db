import { ConsolePage } from '../../../features/admin/components/console-page';

/** The model catalog with availability and workers; enable, disable, pull. */
export function ConsoleModelsRoute() {
  return (
    <ConsolePage title="Models" description="The catalog: tiers, costs, availability and workers.">
      <p className="text-sm text-zinc-400">Not built yet.</p>
    </ConsolePage>
  );
}
