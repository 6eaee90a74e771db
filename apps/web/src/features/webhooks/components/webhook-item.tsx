import { useState } from 'react';
import type { Webhook } from '@nocturne/contract/webhooks/webhook';
import { AlertText } from '../../../components/ui/alert-text';
import { Button } from '../../../components/ui/button';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useDeleteWebhook } from '../api/delete-webhook';
import { WebhookDeliveries } from './webhook-deliveries';

/** One webhook of the profile's list: URL, events, its deliveries on demand, Delete confirmed. */
export function WebhookItem({ webhook }: { webhook: Webhook }) {
  const remove = useDeleteWebhook();
  const [confirming, setConfirming] = useState(false);
  const [showDeliveries, setShowDeliveries] = useState(false);
  const deliveriesId = `webhook-${webhook.id}-deliveries`;
  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-mono text-sm break-all text-zinc-100">{webhook.url}</p>
          <p className="text-xs break-words text-zinc-400">{webhook.events.join(', ')}</p>
        </div>
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={showDeliveries}
            aria-controls={deliveriesId}
            aria-label={`Deliveries to ${webhook.url}`}
            onClick={() => setShowDeliveries((shown) => !shown)}
          >
            Deliveries
          </Button>
          {!confirming && (
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Delete ${webhook.url}`}
              onClick={() => setConfirming(true)}
            >
              Delete
            </Button>
          )}
        </div>
      </div>
      <div id={deliveriesId}>
        {showDeliveries && (
          <WebhookDeliveries webhookId={webhook.id} label={`Deliveries to ${webhook.url}`} />
        )}
      </div>
      {confirming && (
        <div
          className="flex flex-wrap items-center gap-2"
          role="group"
          aria-label={`Delete ${webhook.url}?`}
        >
          <p className="text-sm text-zinc-200">Delete this webhook? No more events go to it.</p>
          <Button
            size="sm"
            variant="secondary"
            loading={remove.isPending}
            onClick={() => remove.mutate(webhook.id)}
          >
            Yes, delete
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
        </div>
      )}
      {remove.isError && <AlertText size="xs">{getErrorMessage(remove.error)}</AlertText>}
    </li>
  );
}
