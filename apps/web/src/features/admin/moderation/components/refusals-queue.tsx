import type { AdminRefusal, RefusalStatus } from '@nocturne/contract/admin/admin-refusals';
import { useRef, useState } from 'react';
import { LoadErrorPanel } from '../../../../components/errors/load-error-panel';
import { Spinner } from '../../../../components/ui/spinner';
import { getErrorMessage } from '../../../../lib/get-error-message';
import { REFUSALS_PAGE_SIZE } from '../api/refusals-api';
import { useRefusals } from '../hooks/use-refusals';
import { STATUS_LABELS } from '../utils/moderation-labels';
import { Pager } from '../../components/pager';
import { RefusalRow, type ReviewKind } from './refusal-row';
import { RefusalStatusFilter } from './refusal-status-filter';
import { ReviewRefusalModal } from './review-refusal-modal';
import { tableStyles } from './table-styles';

const EMPTY: Record<RefusalStatus, string> = {
  open: 'Nothing to review. Prompts the content rules refuse appear here, newest first.',
  confirmed: 'No confirmed refusals yet. Refusals you confirm are kept here.',
  false_positive:
    'No false positives yet. Refusals you mark as wrongly refused are kept here with their note.',
};

/** The refusals of one status, newest first, with Confirm and False positive on open ones. */
export function RefusalsQueue({
  status,
  onStatusChange,
}: {
  status: RefusalStatus;
  onStatusChange: (status: RefusalStatus) => void;
}) {
  const [offset, setOffset] = useState(0);
  const [reviewing, setReviewing] = useState<{ refusal: AdminRefusal; kind: ReviewKind }>();
  const [done, setDone] = useState('');
  const doneRef = useRef<HTMLParagraphElement>(null);
  const query = useRefusals(status, offset);

  const changeStatus = (next: RefusalStatus) => {
    setOffset(0);
    setDone('');
    onStatusChange(next);
  };
  const reviewed = (message: string) => {
    setReviewing(undefined);
    setDone(message);
    // The reviewed row leaves the list: focus moves to the result, before the next refusal.
    requestAnimationFrame(() => doneRef.current?.focus());
  };

  return (
    <div className="flex flex-col gap-4">
      <RefusalStatusFilter status={status} onChange={changeStatus} />
      <p
        ref={doneRef}
        tabIndex={-1}
        role="status"
        className="text-sm text-emerald-300 empty:hidden focus-visible:outline-2 focus-visible:outline-accent-400"
      >
        {done}
      </p>
      {query.isPending && (
        <p className="flex items-center gap-2 text-sm text-zinc-400">
          <Spinner /> Loading...
        </p>
      )}
      {query.isError && (
        <LoadErrorPanel
          title="The refusals could not load"
          message={getErrorMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.isSuccess && query.data.refusals.length === 0 && (
        <p className="glass-panel rounded-3xl px-6 py-10 text-center text-sm text-zinc-400">
          {EMPTY[status]}
        </p>
      )}
      {query.isSuccess && query.data.refusals.length > 0 && (
        <div className="sm:glass-panel sm:rounded-3xl sm:p-4">
          <table className={tableStyles.table}>
            <caption className="sr-only">Refusals: {STATUS_LABELS[status]}</caption>
            <thead className={tableStyles.head}>
              <tr>
                {['Prompt', 'Rule', 'Person', 'When', 'Review'].map((label) => (
                  <th key={label} scope="col" className={tableStyles.headCell}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className={tableStyles.body}>
              {query.data.refusals.map((refusal) => (
                <RefusalRow
                  key={refusal.id}
                  refusal={refusal}
                  onReview={(target, kind) => setReviewing({ refusal: target, kind })}
                />
              ))}
            </tbody>
          </table>
          <Pager
            offset={offset}
            limit={REFUSALS_PAGE_SIZE}
            total={query.data.total}
            onChange={setOffset}
            label="Refusal pages"
          />
        </div>
      )}
      {reviewing && (
        <ReviewRefusalModal
          key={reviewing.refusal.id + reviewing.kind}
          refusal={reviewing.refusal}
          kind={reviewing.kind}
          onClose={() => setReviewing(undefined)}
          onReviewed={reviewed}
        />
      )}
    </div>
  );
}
