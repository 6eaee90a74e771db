import { useState, type ReactNode } from 'react';
import { Button } from '../../../../components/ui/button';
import { getErrorMessage } from '../../../../lib/get-error-message';
import type { ModerationListPath } from '../api/moderation-lists-api';
import { useRemoveEntry } from '../hooks/use-moderation-list';
import { ConfirmRemoveModal } from './confirm-remove-modal';
import { LocalTime } from './local-time';
import { tableStyles } from './table-styles';

export interface EntryColumn<T> {
  label: string;
  render: (entry: T) => ReactNode;
}

/**
 * One of the operators' lists: its entries with when each was added, and Remove behind a
 * confirmation that says what removing it does.
 */
export function EntriesTable<T extends { id: string; createdAt: string }>({
  path,
  caption,
  entries,
  columns,
  nameOf,
  removeEffect,
  empty,
}: {
  path: ModerationListPath;
  caption: string;
  entries: readonly T[];
  columns: ReadonlyArray<EntryColumn<T>>;
  /** The entry as the Remove button and the confirmation name it. */
  nameOf: (entry: T) => string;
  removeEffect: string;
  empty: string;
}) {
  const remove = useRemoveEntry(path);
  const [removing, setRemoving] = useState<T | null>(null);
  const close = () => {
    setRemoving(null);
    remove.reset();
  };

  if (entries.length === 0) return <p className="text-sm text-zinc-400">{empty}</p>;
  return (
    <>
      <table className={tableStyles.table}>
        <caption className="sr-only">{caption}</caption>
        <thead className={tableStyles.head}>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={tableStyles.headCell}>
                {column.label}
              </th>
            ))}
            <th scope="col" className={tableStyles.headCell}>
              Added
            </th>
            <th scope="col" className={tableStyles.headCell}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className={tableStyles.body}>
          {entries.map((entry) => (
            <tr key={entry.id} className={tableStyles.row}>
              {columns.map((column) => (
                <td key={column.label} data-label={column.label} className={tableStyles.cell}>
                  {column.render(entry)}
                </td>
              ))}
              <td data-label="Added" className={`${tableStyles.cell} text-zinc-400`}>
                <LocalTime iso={entry.createdAt} />
              </td>
              <td className={`${tableStyles.cell} sm:py-1.5 sm:text-right`}>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${nameOf(entry)}`}
                  onClick={() => setRemoving(entry)}
                >
                  Remove
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ConfirmRemoveModal
        open={removing !== null}
        title={removing ? `Remove ${nameOf(removing)}?` : ''}
        pending={remove.isPending}
        error={remove.isError ? getErrorMessage(remove.error) : undefined}
        onClose={close}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: close })}
      >
        <p>{removeEffect}</p>
      </ConfirmRemoveModal>
    </>
  );
}
