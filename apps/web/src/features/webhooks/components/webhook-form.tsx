import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { WEBHOOK_EVENT_TYPES } from '@nocturne/contract/webhooks/webhook';
import {
  createWebhookRequestSchema,
  type CreateWebhookRequest,
  type CreateWebhookResponse,
} from '@nocturne/contract/webhooks/create-webhook';
import { AlertText } from '../../../components/ui/alert-text';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useCreateWebhook } from '../api/create-webhook';
import { WEBHOOK_EVENT_LABELS } from '../utils/webhook-event-labels';

/** A new webhook: its URL and the events it receives. `onCreated` gets the secret, once. */
export function WebhookForm({
  onCreated,
}: {
  onCreated: (created: CreateWebhookResponse) => void;
}) {
  const create = useCreateWebhook();
  const form = useForm({
    resolver: zodResolver(createWebhookRequestSchema),
    defaultValues: { url: '', events: ['generation.completed'] } satisfies CreateWebhookRequest,
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((value) =>
    create.mutate(value, {
      onSuccess: (created) => {
        form.reset();
        onCreated(created);
      },
    }),
  );
  const resetError = () => create.isError && create.reset();
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <Input
        label="Webhook URL"
        hint="Where Nocturne POSTs each event, e.g. https://example.com/nocturne-events."
        type="url"
        inputMode="url"
        spellCheck={false}
        error={errors.url?.message}
        {...form.register('url', { onChange: resetError })}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-zinc-200">Send me an event when</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <Checkbox
            key={type}
            value={type}
            label={
              <>
                {WEBHOOK_EVENT_LABELS[type]}{' '}
                <span className="font-mono text-xs text-zinc-400">{type}</span>
              </>
            }
            {...form.register('events', { onChange: resetError })}
          />
        ))}
        {errors.events && <AlertText>{errors.events.message}</AlertText>}
      </fieldset>
      {create.isError && <AlertText>{getErrorMessage(create.error)}</AlertText>}
      <div>
        <Button type="submit" loading={create.isPending}>
          Add webhook
        </Button>
      </div>
    </form>
  );
}
