import { useState } from 'react';
import { API_KEYS_PER_PERSON_MAX } from '@nocturne/contract/api-keys/api-key';
import { AlertText } from '../../../components/ui/alert-text';
import { SectionCard } from '../../../components/ui/section-card';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useApiKeysQuery } from '../api/get-api-keys';
import { ApiKeyForm } from './api-key-form';
import { ApiKeyItem } from './api-key-item';
import { ShownOnceSecret } from '../../../components/ui/shown-once-secret';

/**
 * /profile: personal API keys for scripts and bots (docs/api.md "API keys"). A new key is shown
 * once; the live region says it was created, since focus stays on the form.
 */
export function ApiKeysSection() {
  const apiKeys = useApiKeysQuery();
  const [created, setCreated] = useState<string | null>(null);
  return (
    <SectionCard
      id="profile-api-keys"
      title="API keys"
      description={`Call the API from your own scripts with Authorization: Bearer and a key, up to ${API_KEYS_PER_PERSON_MAX} keys. A key can generate and read your generations, and manage favorites if you allow it; never your account or payments.`}
    >
      <div className="flex flex-col gap-4">
        <ApiKeyForm onCreated={(answer) => setCreated(answer.key)} />
        <p role="status" className="sr-only">
          {created ? 'Key created.' : ''}
        </p>
        {created && (
          <ShownOnceSecret
            label="Your new API key"
            hint="Copy it now: it will not be shown again."
            noun="key"
            value={created}
            onDone={() => setCreated(null)}
          />
        )}
        {apiKeys.isPending && <Spinner />}
        {apiKeys.isError && <AlertText>{getErrorMessage(apiKeys.error)}</AlertText>}
        {apiKeys.data?.length === 0 && (
          <p className="text-sm text-zinc-400">You have no API keys yet.</p>
        )}
        {apiKeys.data && apiKeys.data.length > 0 && (
          <ul aria-label="API keys" className="divide-y divide-glass-border">
            {apiKeys.data.map((apiKey) => (
              <ApiKeyItem key={apiKey.id} apiKey={apiKey} />
            ))}
          </ul>
        )}
      </div>
    </SectionCard>
  );
}
