import type { AdminModel } from '@nocturne/contract/admin/models';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';
import { Textarea } from '../../../../components/ui/textarea';
import { getErrorMessage } from '../../../../lib/get-error-message';
import { adminModelsQueryOptions, putModelSwitch } from '../api/admin-models';

/**
 * Turning a model on or off for everyone: the reason goes to the audit log, and the server's
 * answer (the catalog after the change) replaces the page's copy.
 */
export function SwitchModelDialog({ model, onClose }: { model: AdminModel; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const enabling = !model.enabled;
  const mutation = useMutation({
    mutationFn: () => putModelSwitch(model.id, { enabled: enabling, reason }),
    onSuccess: (list) => {
      queryClient.setQueryData(adminModelsQueryOptions.queryKey, list);
      onClose();
    },
  });
  const tooShort = reason.trim().length < 3;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!tooShort) mutation.mutate();
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={enabling ? `Enable ${model.name}?` : `Disable ${model.name}?`}
      description={
        enabling
          ? 'People can pick it again and submits to it are accepted once a worker serves it.'
          : 'It shows as unavailable in every picker and every submit to it is refused before anything is charged. Images already queued still run.'
      }
    >
      <form className="flex flex-col gap-4" onSubmit={submit}>
        <Textarea
          label="Reason (kept in the audit log)"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          rows={3}
          maxLength={500}
          required
          data-autofocus
          hint="At least 3 characters."
        />
        {mutation.isError && (
          <p role="alert" className="text-sm text-rose-300">
            {getErrorMessage(mutation.error)}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant={enabling ? 'primary' : 'danger'}
            disabled={tooShort}
            loading={mutation.isPending}
          >
            {enabling ? 'Enable model' : 'Disable model'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
