import { useQuery } from '@tanstack/react-query';
import { LoadErrorPanel } from '../../../../components/errors/load-error-panel';
import { Spinner } from '../../../../components/ui/spinner';
import { getErrorMessage } from '../../../../lib/get-error-message';
import { adminModelsQueryOptions } from '../api/admin-models';
import { useModelPulls } from '../hooks/use-model-pulls';
import { ModelCard } from './model-card';

/** Every catalog model as a card, with pulls followed live on the `admin:models` channel. */
export function ModelsSection() {
  const query = useQuery(adminModelsQueryOptions);
  const pulls = useModelPulls();
  if (query.isPending) {
    return (
      <div
        className="flex justify-center py-16 text-zinc-400"
        role="status"
        aria-label="Loading models"
      >
        <Spinner />
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadErrorPanel
        title="The models could not be loaded"
        message={getErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      {query.data.models.map((model) => (
        <ModelCard key={model.id} model={model} pull={pulls.get(model.id)} />
      ))}
    </div>
  );
}
