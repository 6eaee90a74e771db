import { ConsolePage } from '../../../features/admin/components/console-page';
import { ModelsSection } from '../../../features/admin/models/components/models-section';

/** The model catalog with availability and workers; enable, disable, pull. */
export function ConsoleModelsRoute() {
  return (
    <ConsolePage
      title="Models"
      description="The catalog: tiers, costs, availability and workers. Turn a model off, or pull an embedded model's files."
    >
      <ModelsSection />
    </ConsolePage>
  );
}
