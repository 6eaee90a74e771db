import { useState } from 'react';
import type { Wildcard } from '@nocturne/contract/wildcards/wildcard';
import { Button } from '../../../components/ui/button';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useDeleteWildcard } from '../api/delete-wildcard';
import { linesSummary } from '../utils/lines-summary';
import { WildcardForm } from './wildcard-form';

/** One of the person's lists: `__name__`, its first lines, Edit and Delete. */
export function WildcardItem({ list }: { list: Wildcard }) {
  const remove = useDeleteWildcard();
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <li className="py-3">
        <WildcardForm list={list} onDone={() => setEditing(false)} />
      </li>
    );
  }
  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-medium break-words text-zinc-100">__{list.name}__</p>
          <p className="text-xs break-words text-zinc-400">{linesSummary(list.values)}</p>
        </div>
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="glass"
            aria-label={`Edit __${list.name}__`}
            onClick={() => setEditing(true)}
          >
            Edit
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Delete __${list.name}__`}
            loading={remove.isPending}
            onClick={() => remove.mutate(list.name)}
          >
            Delete
          </Button>
        </div>
      </div>
      {remove.isError && (
        <p role="alert" className="text-xs text-rose-300">
          {getErrorMessage(remove.error)}
        </p>
      )}
    </li>
  );
}
