import { useState } from 'react';
import { WEBHOOKS_PER_PERSON_MAX } from '@nocturne/contract/webhooks/webhook';
import { AlertText } from '../../../components/ui/alert-text';
import { SectionCard } from '../../../components/ui/section-card';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useWebhooksQuery } from '../api/get-webhooks';
import { ShownOnceSecret } from '../../../components/ui/shown-once-secret';
import { WebhookForm } from './webhook-form';
import { WebhookItem } from './webhook-item';

/**
 * /profile: webhooks that tell the person's own server when an image is done (docs/webhooks.md).
 * A new webhook's secret is shown once; the live region says it was added, since focus stays on
 * the form.
 */
export function WebhooksSection() {
  const webhooks = useWebhooksQuery();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <SectionCard
      id="profile-webhooks"
      title="Webhooks"
      description={`Nocturne POSTs a signed event to your server when an image is done, fails or is cancelled, up to ${WEBHOOKS_PER_PERSON_MAX} webhooks. The URL must be https.`}
    >
      <div className="flex flex-col gap-4">
        <WebhookForm onCreated={(answer) => setSecret(answer.secret)} />
        <p role="status" className="sr-only">
          {secret ? 'Webhook added.' : ''}
        </p>
        {secret && (
          <ShownOnceSecret
            label="Signing secret"
            hint="Copy it now: it will not be shown again. Your server checks each event's Nocturne-Signature with it."
            noun="secret"
            value={secret}
            onDone={() => setSecret(null)}
          />
        )}
        {webhooks.isPending && <Spinner />}
        {webhooks.isError && <AlertText>{getErrorMessage(webhooks.error)}</AlertText>}
        {webhooks.data?.length === 0 && (
          <p className="text-sm text-zinc-400">You have no webhooks yet.</p>
        )}
        {webhooks.data && webhooks.data.length > 0 && (
          <ul aria-label="Webhooks" className="divide-y divide-glass-border">
            {webhooks.data.map((webhook) => (
              <WebhookItem key={webhook.id} webhook={webhook} />
            ))}
          </ul>
        )}
      </div>
    </SectionCard>
  );
}
