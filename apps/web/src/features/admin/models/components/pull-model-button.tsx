import type { AdminModel } from '@nocturne/contract/admin/models';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AlertText } from '../../../../components/ui/alert-text';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';
import { getErrorMessage } from '../../../../lib/get-error-message';
import { adminModelsQueryOptions, startModelPull } from '../api/admin-models';

/** "Pull": asks first (a pull downloads gigabytes and replaces installed files), then starts it. */
export function PullModelButton({ model, running }: { model: AdminModel; running: boolean }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const mutation = useMutation({
    mutationFn: () => startModelPull(model.id),
    onSuccess: () => {
      setAsking(false);
      void queryClient.invalidateQueries({ queryKey: adminModelsQueryOptions.queryKey });
    },
  });
  const installed = model.weights?.installed === true;
  return (
    <>
      <Button variant="glass" size="sm" disabled={running} onClick={() => setAsking(true)}>
        {running ? 'Pulling…' : installed ? 'Pull again' : 'Pull'}
      </Button>
      {mutation.isError && !asking && <AlertText>{getErrorMessage(mutation.error)}</AlertText>}
      {asking && (
        <Modal
          open
          onClose={() => setAsking(false)}
          title={`Pull ${model.weights?.name ?? model.id}?`}
          description={
            installed
              ? 'The server downloads every file again, checks each against its published hash, proves the model with one tiny image and only then replaces the installed files.'
              : 'The server downloads every file, checks each against its published hash and proves the model with one tiny image before installing it.'
          }
        >
          {mutation.isError && (
            <AlertText className="mb-3">{getErrorMessage(mutation.error)}</AlertText>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" onClick={() => setAsking(false)}>
              Cancel
            </Button>
            <Button loading={mutation.isPending} onClick={() => mutation.mutate()}>
              Start pull
            </Button>
          </div>
        </Modal>
      )}
    </>
  );
}
