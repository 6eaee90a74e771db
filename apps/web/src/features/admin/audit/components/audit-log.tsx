import { useState } from 'react';
import { Spinner } from '../../../../components/ui/spinner';
import { LoadErrorPanel } from '../../../../components/errors/load-error-panel';
import { getErrorMessage } from '../../../../lib/get-error-message';
import { Pager } from '../../components/pager';
import { useAuditLog } from '../api/audit-queries';
import { AuditTable } from './audit-table';

/** One paged view of the audit log, about one person (id or email) when `user` is set. */
export function AuditLog({
  user,
  pageSize,
  empty,
  showTarget = true,
}: {
  user?: string;
  pageSize: number;
  empty: string;
  /** Off on a person's own page, where every row is about them. */
  showTarget?: boolean;
}) {
  const [page, setPage] = useState({ user, offset: 0 });
  // A new filter starts again at the newest rows.
  const offset = page.user === user ? page.offset : 0;
  const log = useAuditLog({ user, offset, limit: pageSize });
  if (log.isPending) return <Spinner />;
  if (log.isError) {
    return (
      <LoadErrorPanel
        title="The audit log could not load"
        message={getErrorMessage(log.error)}
        onRetry={() => void log.refetch()}
        headingLevel="h3"
      />
    );
  }
  return (
    <div>
      <AuditTable entries={log.data.entries} empty={empty} showTarget={showTarget} />
      <Pager
        label="Audit pages"
        offset={offset}
        limit={pageSize}
        total={log.data.total}
        onChange={(next) => setPage({ user, offset: next })}
      />
    </div>
  );
}
