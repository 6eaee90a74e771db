import { zodResolver } from '@hookform/resolvers/zod';
import { putModelSwitchRequestSchema, type AdminModel } from '@nocturne/contract/admin/models';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { AlertText } from '../../../../components/ui/alert-text';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';
import { Textarea } from '../../../../components/ui/textarea';
import { fieldProps } from '../../../../lib/forms/field-props';
import { getErrorMessage } from '../../../../lib/get-error-message';
import { reasonHint, reasonMessages } from '../../components/text-limits';
import { adminModelsQueryOptions, putModelSwitch } from '../api/admin-models';

/**
 * Turning a model on or off for everyone: the reason goes to the audit log, and the server's
 * answer (the catalog after the change) replaces the page's copy. The button waits for a reason
 * the contract accepts; the reason counts near its limit and a longer one is refused, not cut.
 */
export function SwitchModelDialog({ model, onClose }: { model: AdminModel; onClose: () => void }) {
  const queryClient = useQueryClient();
  const enabling = !model.enabled;
  const form = useForm({
    resolver: zodResolver(putModelSwitchRequestSchema, reasonMessages()),
    mode: 'onChange',
    defaultValues: { enabled: enabling, reason: '' },
  });
  const reason = useWatch({ control: form.control, name: 'reason' });
  const mutation = useMutation({
    mutationFn: (change: { enabled: boolean; reason: string }) => putModelSwitch(model.id, change),
    onSuccess: (list) => {
      queryClient.setQueryData(adminModelsQueryOptions.queryKey, list);
      onClose();
    },
  });
  const submit = form.handleSubmit((change) => mutation.mutate(change));
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
          rows={3}
          required
          data-autofocus
          hint={reasonHint('At least 3 characters.', reason)}
          {...fieldProps(form, 'reason')}
        />
        {mutation.isError && <AlertText>{getErrorMessage(mutation.error)}</AlertText>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant={enabling ? 'primary' : 'danger'}
            disabled={!form.formState.isValid}
            loading={mutation.isPending}
          >
            {enabling ? 'Enable model' : 'Disable model'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
