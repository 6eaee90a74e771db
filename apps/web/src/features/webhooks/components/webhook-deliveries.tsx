import type { WebhookDelivery } from '@nocturne/contract/webhooks/webhook-deliveries';
import { AlertText } from '../../../components/ui/alert-text';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useWebhookDeliveriesQuery } from '../api/get-webhook-deliveries';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const STATUS_WORDS: Record<WebhookDelivery['status'], string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** What the receiver last answered, in words. */
function lastAnswerText(delivery: WebhookDelivery): string {
  const answer = delivery.last_answer;
  if (!answer) return 'not sent yet';
  const status = answer.status === null ? '' : `HTTP ${answer.status}`;
  return [status, answer.error].filter(Boolean).join(': ');
}

/** One webhook's recent deliveries: event, status, attempts and the last answer. */
export function WebhookDeliveries({ webhookId, label }: { webhookId: string; label: string }) {
  const deliveries = useWebhookDeliveriesQuery(webhookId);
  if (deliveries.isPending) return <Spinner />;
  if (deliveries.isError) {
    return <AlertText size="xs">{getErrorMessage(deliveries.error)}</AlertText>;
  }
  if (deliveries.data.length === 0) {
    return <p className="text-xs text-zinc-400">No events sent to it yet.</p>;
  }
  return (
    <ul aria-label={label} className="flex flex-col gap-1 text-xs text-zinc-300">
      {deliveries.data.map((delivery) => (
        <li key={delivery.event_id} className="break-words">
          <span className="font-mono">{delivery.event}</span> ·{' '}
          {when.format(new Date(delivery.created_at))} · {STATUS_WORDS[delivery.status]} ·{' '}
          {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'} ·{' '}
          {lastAnswerText(delivery)}
        </li>
      ))}
    </ul>
  );
}
