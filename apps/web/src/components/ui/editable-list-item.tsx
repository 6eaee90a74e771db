import { useState, type ReactNode } from 'react';
import { getErrorMessage } from '../../lib/get-error-message';
import { AlertText } from './alert-text';
import { Button } from './button';

/** A delete in progress or failed: what a TanStack Query mutation gives, and how to start it. */
export interface ItemRemoval {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  remove(): void;
}

/**
 * One saved thing in a profile list (a character, a wildcard list): its name and a line about it,
 * with Edit (the item's form in its place until `done`) and Delete, and the delete's error.
 */
export function EditableListItem({
  name,
  detail,
  form,
  removal,
}: {
  /** As the person writes it in a prompt (`@mira`, `__place__`): the buttons are named by it. */
  name: string;
  detail: ReactNode;
  form: (done: () => void) => ReactNode;
  removal: ItemRemoval;
}) {
  const [editing, setEditing] = useState(false);
  if (editing) return <li className="py-3">{form(() => setEditing(false))}</li>;
  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-medium break-words text-zinc-100">{name}</p>
          <p className="text-xs break-words text-zinc-400">{detail}</p>
        </div>
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="glass"
            aria-label={`Edit ${name}`}
            onClick={() => setEditing(true)}
          >
            Edit
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Delete ${name}`}
            loading={removal.isPending}
            onClick={removal.remove}
          >
            Delete
          </Button>
        </div>
      </div>
      {removal.isError && <AlertText size="xs">{getErrorMessage(removal.error)}</AlertText>}
    </li>
  );
}
