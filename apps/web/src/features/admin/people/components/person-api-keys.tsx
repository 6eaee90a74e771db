import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { adminReasonBodySchema } from '@nocturne/contract/admin/person-actions';
import type { ApiKey } from '@nocturne/contract/api-keys/api-key';
import { AlertText } from '../../../../components/ui/alert-text';
import { Button } from '../../../../components/ui/button';
import { SectionCard } from '../../../../components/ui/section-card';
import { Spinner } from '../../../../components/ui/spinner';
import { fieldProps } from '../../../../lib/forms/field-props';
import { getErrorMessage } from '../../../../lib/get-error-message';
import { When } from '../../components/when';
import { usePersonApiKeys, useRevokePersonApiKey } from '../api/person-api-keys';
import { REASON_MESSAGES } from '../utils/reason-form';
import { DataTable, type Column } from './data-table';
import { ReasonDialog } from './reason-dialog';

/** Revoke one key with a reason: scripts using it are refused from the next request on. */
function RevokeKeyDialog({
  userId,
  apiKey,
  onClose,
  onDone,
}: {
  userId: string;
  apiKey: ApiKey;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const form = useForm({
    resolver: zodResolver(adminReasonBodySchema, REASON_MESSAGES),
    defaultValues: { reason: '' },
  });
  const revoke = useRevokePersonApiKey(userId);
  const submit = form.handleSubmit(({ reason }) =>
    revoke.mutate(
      { keyId: apiKey.id, reason },
      { onSuccess: () => onDone(`The API key ${apiKey.name} was revoked.`) },
    ),
  );
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title={`Revoke the API key ${apiKey.name}?`}
      description="Every request made with it is refused from now on, in every process. The person can create another."
      submitLabel="Revoke the key"
      danger
      pending={revoke.isPending}
      error={revoke.error}
      reason={fieldProps(form, 'reason')}
      onSubmit={submit}
    />
  );
}

function keyColumns(onRevoke: (apiKey: ApiKey) => void): Column<ApiKey>[] {
  return [
    { header: 'Name', wide: true, cell: (row) => `${row.name} (${row.prefix}…)` },
    { header: 'Scopes', cell: (row) => row.scopes.join(', ') },
    { header: 'Created', cell: (row) => <When iso={row.created_at} /> },
    {
      header: 'Last used',
      cell: (row) => (row.last_used_at ? <When iso={row.last_used_at} /> : 'never'),
    },
    {
      header: 'Action',
      cell: (row) => (
        <Button
          size="sm"
          variant="glass"
          aria-label={`Revoke ${row.name}`}
          onClick={() => onRevoke(row)}
        >
          Revoke
        </Button>
      ),
    },
  ];
}

/** The person's API keys on their console page, each with Revoke (audited, with a reason). */
export function PersonApiKeys({
  userId,
  onNotice,
}: {
  userId: string;
  onNotice: (notice: string) => void;
}) {
  const keys = usePersonApiKeys(userId);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  return (
    <SectionCard id="person-api-keys" title="API keys">
      {keys.isPending && <Spinner />}
      {keys.isError && <AlertText>{getErrorMessage(keys.error)}</AlertText>}
      {keys.data && (
        <DataTable
          label="API keys"
          rows={keys.data.api_keys}
          rowKey={(row) => row.id}
          columns={keyColumns(setRevoking)}
          empty="No API keys: keys they create on their profile appear here."
        />
      )}
      {revoking && (
        <RevokeKeyDialog
          userId={userId}
          apiKey={revoking}
          onClose={() => setRevoking(null)}
          onDone={(notice) => {
            setRevoking(null);
            onNotice(notice);
          }}
        />
      )}
    </SectionCard>
  );
}
