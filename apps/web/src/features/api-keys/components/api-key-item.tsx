import { useState } from 'react';
import type { ApiKey } from '@nocturne/contract/api-keys/api-key';
import { AlertText } from '../../../components/ui/alert-text';
import { Button } from '../../../components/ui/button';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useRevokeApiKey } from '../api/revoke-api-key';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** What a key may do, in words. */
function scopesText(apiKey: ApiKey): string {
  return apiKey.scopes.includes('favorites') ? 'Generations and favorites' : 'Generations';
}

/** One key of the profile's list: name, prefix, scopes, dates, and Revoke after a confirmation. */
export function ApiKeyItem({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState(false);
  const lastUsed = apiKey.last_used_at
    ? `last used ${when.format(new Date(apiKey.last_used_at))}`
    : 'never used';
  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-medium break-words text-zinc-100">
            {apiKey.name} <span className="font-mono text-xs text-zinc-400">{apiKey.prefix}…</span>
          </p>
          <p className="text-xs break-words text-zinc-400">
            {scopesText(apiKey)} · created {when.format(new Date(apiKey.created_at))} · {lastUsed}
          </p>
        </div>
        {!confirming && (
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Revoke ${apiKey.name}`}
            onClick={() => setConfirming(true)}
          >
            Revoke
          </Button>
        )}
      </div>
      {confirming && (
        <div
          className="flex flex-wrap items-center gap-2"
          role="group"
          aria-label={`Revoke ${apiKey.name}?`}
        >
          <p className="text-sm text-zinc-200">
            Revoke {apiKey.name}? Scripts using it stop working at once.
          </p>
          <Button
            size="sm"
            variant="secondary"
            loading={revoke.isPending}
            onClick={() => revoke.mutate(apiKey.id)}
          >
            Yes, revoke
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
        </div>
      )}
      {revoke.isError && <AlertText size="xs">{getErrorMessage(revoke.error)}</AlertText>}
    </li>
  );
}
